// ui_editor_bar.cpp — the controls above every slide: the batch of IDs as chips
// (click to change or remove, + to add) and as text — or, in Text mode, a sentence and
// its GPT-2 tokens as chips (text and ID) — the vocabulary (max(ids)+1 or
// fixed), D, the seed and "reset weights". Bad input keeps the last valid state and
// says why, inline.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "app/deck/slide_host.hpp"
#include "app/state/app_edits.hpp"
#include "app/chrome/chrome.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/state/bpe_replay.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "core/text/id_parse.hpp"
#include "core/text/text_format.hpp"

namespace lv::app {
namespace {

// An InputInt with its - and + buttons, wide enough to show `value` whole (a V of
// 50,257 or 128,256 must not be cut to "5025"), never narrower than `least`.
float step_field_width(int value, float least) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float button = ImGui::GetFrameHeight();
  const std::string digits = std::to_string(value) + "0";  // a digit of room for the caret
  const float text = ImGui::CalcTextSize(digits.c_str()).x + st.FramePadding.x * 2.0f;
  return std::max(least, text + 2.0f * (button + st.ItemInnerSpacing.x));
}

// Continues the row when `width` more pixels fit, else starts a new line: the bar
// wraps in a narrow window instead of clipping its last controls.
void next_group(float width) {
  const float spacing = em() * 0.8f;
  // Decided before moving: a SameLine past the window's edge and then NewLine stretched
  // the bar (its group) past the window by the spacing, which the layout report calls cut.
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (right - (ImGui::GetItemRectMax().x + spacing) >= width) ImGui::SameLine(0.0f, spacing);
}

void tooltip(const char* text) {
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
}

// Fills the rest of a reserved slot on this line, up to x (window coordinates), so
// what follows keeps its place whatever the slot showed.
void pad_to(float x) {
  ImGui::SameLine(0.0f, 0.0f);
  ImGui::Dummy(ImVec2(std::max(0.0f, x - ImGui::GetCursorPosX()), 1.0f));
}

// One chip per ID, as buttons in the ID's colour; click opens a small editor. The
// row has a fixed width: chips that do not fit are summed up as "+N", so typing or
// adding IDs never moves the controls after it (nor re-wraps the bar).
void draw_chips(App& app, float width) {
  const Palette& pal = palette(app.ui.theme);
  // The popup and drag-and-drop may change the list mid-loop: index it afresh each time.
  const IdList& ids = app.inputs.ids;
  const float e = em();
  const float start_x = ImGui::GetCursorPosX();
  const float gap = e * 0.3f;
  const float add_w = ImGui::CalcTextSize("+").x + ImGui::GetStyle().FramePadding.x * 2.0f;
  int& edit_index = app.ui.editor.chip_edit_index;
  int& edit_value = app.ui.editor.chip_edit_value;
  auto chip_w = [&](size_t i, char* label, size_t n) {
    std::snprintf(label, n, "%lld##chip%zu", static_cast<long long>(ids[i]), i);
    return std::max(ImGui::CalcTextSize(label, nullptr, true).x + e * 1.0f, e * 2.0f);
  };
  // How many chips fit, leaving room for "+N" (when some are left out) and "+".
  size_t fit = 0;
  {
    char label[32], more[32];
    float x = 0.0f;
    for (size_t i = 0; i < ids.size(); ++i) {
      const float w = chip_w(i, label, sizeof label) + gap;
      std::snprintf(more, sizeof more, "+%zu", ids.size() - i - 1);
      const float tail = add_w + (i + 1 < ids.size() ? ImGui::CalcTextSize(more).x + gap : 0.0f);
      if (i > 0 && x + w + tail > width) break;
      x += w;
      fit = i + 1;
    }
  }
  for (size_t i = 0; i < fit && i < app.inputs.ids.size(); ++i) {
    char label[32];
    const float w = chip_w(i, label, sizeof label);
    ImGui::PushStyleColor(ImGuiCol_Button, id_tint(pal, i, kIdChipTint));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, id_tint(pal, i, kIdChipHoverTint));
    ImGui::PushStyleColor(ImGuiCol_ButtonActive, id_color(i));
    ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, e);
    if (ImGui::Button(label, ImVec2(w, 0))) {
      edit_index = static_cast<int>(i);
      edit_value = static_cast<int>(ids[i]);
      ImGui::OpenPopup("chip-edit");
    }
    ImGui::PopStyleVar();
    ImGui::PopStyleColor(3);
    if (i == 0) landmark("chip-0");
    // Drag a chip onto another to move it there (the batch order is the output's row order).
    if (ImGui::BeginDragDropSource()) {
      ImGui::SetDragDropPayload("lookupviz-chip", &i, sizeof i);
      ImGui::Text("move idx[%zu] = %lld", i, static_cast<long long>(ids[i]));
      ImGui::EndDragDropSource();
    }
    if (ImGui::BeginDragDropTarget()) {
      if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload("lookupviz-chip")) {
        size_t from = 0;
        std::memcpy(&from, p->Data, sizeof from);
        edit_move_id(app, from, i);
      }
      ImGui::EndDragDropTarget();
    }
    if (i < ids.size() && ImGui::IsItemHovered() && !ImGui::IsMouseDragging(ImGuiMouseButton_Left))
      ImGui::SetTooltip("idx[%zu] = %lld · click to change or remove · drag to reorder", i,
                        static_cast<long long>(ids[i]));
    ImGui::SameLine(0.0f, gap);
  }
  if (fit < ids.size()) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("+%zu", ids.size() - fit);
    const size_t more = ids.size() - fit;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%zu more %s: the IDs field lists them all", more, more == 1 ? "ID" : "IDs");
    ImGui::SameLine(0.0f, gap);
  }
  // "+" sits at the slot's right end: clicked again and again, it stays under the mouse.
  pad_to(start_x + width - add_w);
  ImGui::SameLine(0.0f, 0.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, e);
  if (ImGui::Button("+##add-id")) edit_add_id(app);
  landmark("add-id");
  ImGui::PopStyleVar();
  tooltip("Add an ID to the batch (the next row after the last ID)");
  if (ImGui::BeginPopup("chip-edit")) {
    ImGui::Text("idx[%d]", edit_index);
    ImGui::SetNextItemWidth(e * 7);
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    if (ImGui::InputInt("##chip-value", &edit_value, 1, 10, ImGuiInputTextFlags_EnterReturnsTrue)) {
      edit_change_id(app, static_cast<size_t>(edit_index), edit_value);
      ImGui::CloseCurrentPopup();
    }
    if (ImGui::IsItemDeactivatedAfterEdit()) edit_change_id(app, static_cast<size_t>(edit_index), edit_value);
    if (app.inputs.ids.size() > 1 && ImGui::Button("Remove this ID")) {
      edit_remove_id(app, static_cast<size_t>(edit_index));
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
}

// While Learn mode asks a question the bar's chips or B would answer (Hidden::kBatch: slide
// 0's token_count), they wait for the answer, as the slide's own counts do.
bool batch_withheld(const App& app) { return (hidden_now(app.ui, app.learn).what & Hidden::kBatch) != 0; }

void draw_withheld_chips(float width) {
  const float start_x = ImGui::GetCursorPosX();
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("tokens %s", kAfterYouAnswer);
  landmark("chips-withheld");
  ImGui::SameLine();
  pad_to(start_x + width);
}

// Text mode: one chip per token, its text (a leading space as ␣, a newline as ↵) and
// its ID, the row it selects; read-only (switch to IDs to edit them). The tokens come
// from slide 0's replay of the IDs' sentence (built once per change, not per frame).
void draw_token_chips(App& app, float width) {
  const Palette& pal = palette(app.ui.theme);
  const BpeReplay& r = bpe_replay(context_of(app, kSlideTokenizer));
  if (!ids_from_text(app.inputs) || !r.problem.empty() || r.decoded) {
    draw_chips(app, width);  // the IDs were not made from this text (yet): the plain chips
    return;
  }
  const float e = em();
  const float start_x = ImGui::GetCursorPosX();
  const float gap = e * 0.3f, pad = e * 0.45f, h = ImGui::GetFrameHeight();
  const size_t total = app.inputs.ids.size();
  size_t i = 0;
  bool full = false;
  char id[24];
  for (const BpeReplayPiece& p : r.pieces) {
    for (size_t k = 0; k < p.ids.size() && !full; ++k, ++i) {
      std::snprintf(id, sizeof id, "%lld", static_cast<long long>(p.ids[k]));
      const char* label = p.token_labels[k].c_str();
      const float tw = ImGui::CalcTextSize(label).x, iw = ImGui::CalcTextSize(id).x;
      const float w = tw + iw + pad * 3.0f;
      char more[32];
      std::snprintf(more, sizeof more, "+%zu", total - i - 1);
      const float tail = i + 1 < total ? ImGui::CalcTextSize(more).x + gap : 0.0f;
      if (i > 0 && ImGui::GetCursorPosX() - start_x + w + tail > width) {
        full = true;
        break;
      }
      const ImVec2 pos = ImGui::GetCursorScreenPos();
      ImGui::PushID(static_cast<int>(i));
      ImGui::InvisibleButton("##token", ImVec2(w, h));
      ImGui::PopID();
      if (i == 0) landmark("token-chip-0");
      ImDrawList* dl = ImGui::GetWindowDrawList();
      const ImU32 fill = id_tint(pal, i, ImGui::IsItemHovered() ? kIdChipHoverTint : kIdChipTint);
      dl->AddRectFilled(pos, ImVec2(pos.x + w, pos.y + h), fill, h * 0.5f);
      const ImU32 ink = text_on(pal, fill);
      const float ty = pos.y + (h - ImGui::GetTextLineHeight()) * 0.5f;
      dl->AddText(ImVec2(pos.x + pad, ty), ink, label);
      dl->AddText(ImVec2(pos.x + pad * 2.0f + tw, ty), mix(ink, fill, 0.25f), id);  // the ID, a little quieter
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("idx[%zu] = %s · the token “%s” · it selects row %s of the table", i, id, label, id);
      ImGui::SameLine(0.0f, gap);
    }
  }
  if (i < total) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("+%zu", total - i);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s more: slide 0 shows them all",
                        count_text(static_cast<long long>(total - i), "token").c_str());
    ImGui::SameLine(0.0f, gap);
  }
  pad_to(start_x + width);
}

// IDs | Text: how the batch is typed.
void draw_input_mode(App& app) {
  const Palette& pal = palette(app.ui.theme);
  const float e = em();
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(e * 0.1f, ImGui::GetStyle().ItemSpacing.y));
  const IdsInput modes[] = {IdsInput::Ids, IdsInput::Text};
  const char* labels[] = {"IDs##mode-ids", "Text##mode-text"};
  const char* marks[] = {"mode-ids", "mode-text"};
  for (int k = 0; k < 2; ++k) {
    const bool on = app.ui.editor.ids_input == modes[k];
    ImGui::PushStyleColor(ImGuiCol_Button, on ? with_alpha(pal.accent, 0.45f) : pal.panel_alt);
    if (ImGui::Button(labels[k])) set_ids_input(app, modes[k]);
    ImGui::PopStyleColor();
    landmark(marks[k]);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", k == 0 ? "Type the token IDs as numbers"
                              : app.model_tokenizer
                                  ? "Type a sentence: the table's own tokenizer makes the IDs"
                                  : "Type a sentence: GPT-2's tokenizer makes the IDs (V becomes 50,257)");
    if (k == 0) ImGui::SameLine();
  }
  ImGui::PopStyleVar();
}

// A loaded table fixes V and D: say where it came from, and offer the way back.
void draw_loaded_table(App& app, const Palette& pal) {
  const float e = em();
  const TableFile& f = *app.inputs.file;
  next_group(e * 20.0f);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("table");
  ImGui::SameLine();
  const size_t slash = f.path.find_last_of('/');
  const char* base = f.path.c_str() + (slash == std::string::npos ? 0 : slash + 1);  // no copy: drawn every frame
  char rows[32], cols[32];
  fmt_count(rows, sizeof rows, static_cast<long long>(f.rows));
  fmt_count(cols, sizeof cols, static_cast<long long>(f.cols));
  ImGui::PushStyleColor(ImGuiCol_Text, pal.accent);
  // The file's and the tensor's names are the user's: cut in the middle to the room
  // left on this line beside the "x" (at least the group's 20 em), the whole on hover.
  char label[1024];
  if (!f.folder.empty()) {  // a Hugging Face folder: its name, its architecture, the tensor chosen
    const size_t fs = f.folder.find_last_of('/');
    std::snprintf(label, sizeof label, "%s%s%s%s · %s · %s × %s %s",
                  f.folder.c_str() + (fs == std::string::npos ? 0 : fs + 1), f.architecture.empty() ? "" : " (",
                  f.architecture.c_str(), f.architecture.empty() ? "" : ")", f.name.c_str(), rows, cols,
                  f.dtype.c_str());
  } else {
    std::snprintf(label, sizeof label, "%s%s%s · %s × %s %s", base, f.named ? ":" : "", f.name.c_str(), rows, cols,
                  f.dtype.c_str());
  }
  const float close_w =
      ImGui::CalcTextSize("x").x + ImGui::GetStyle().FramePadding.x * 2.0f + ImGui::GetStyle().ItemSpacing.x;
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  const float room = std::max(e * 8.0f, right - ImGui::GetCursorScreenPos().x - close_w);
  text_fit(label, room, Elide::Middle);
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered() && !f.folder.empty())  // the folder, the shard that holds the table, the head
    ImGui::SetTooltip("%s\n%s in %s\noutput head: %s", f.folder.c_str(), f.name.c_str(), f.shard.c_str(),
                      f.head                  ? f.head->name.c_str()
                      : f.tie_word_embeddings ? "tied (tie_word_embeddings)"
                                              : "tied");
  else if (ImGui::IsItemHovered())  // the whole path and name (over text_fit's tooltip of the label)
    ImGui::SetTooltip("%s%s%s", f.path.c_str(), f.named ? ":" : "", f.name.c_str());
  ImGui::SameLine();
  if (ImGui::SmallButton("x##seeded")) close_table(app);
  landmark("close-table");
  tooltip("Back to the seeded table");
}

// The seeded table's shape: the vocabulary (as the notebook, max + 1, or fixed) and D.
void draw_seeded_shape(App& app) {
  const float e = em();
  next_group(e * 15.5f);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("V");
  ImGui::SameLine();
  int mode = app.inputs.vocab_mode == VocabMode::FromIds ? 0 : 1;
  // "fixed" takes only its word and the arrow, leaving the room its V field needs: a fixed V
  // (--vocab 300) wrapped the bar to two rows at 1280 wide with the combo at max(ids)+1's width.
  const ImGuiStyle& st = ImGui::GetStyle();
  ImGui::SetNextItemWidth(mode == 0 ? e * 8.5f
                                    : std::ceil(ImGui::CalcTextSize("fixed").x + st.FramePadding.x * 2.0f +
                                                ImGui::GetFrameHeight() + e * 0.3f));
  if (ImGui::Combo("##vocab-mode", &mode, "max(ids)+1\0fixed\0")) {
    edit_vocab_mode(app, mode == 0 ? VocabMode::FromIds : VocabMode::Fixed, app.derived.vocab, Fields::Sync);
    sync_text_fields(app);
  }
  tooltip("max(ids)+1: the table has one row per ID up to the largest, as in the notebook (it is re-drawn from the "
          "seed when its shape changes). fixed: choose V yourself.");
  if (app.inputs.vocab_mode == VocabMode::Fixed) {
    ImGui::SameLine();
    int v = static_cast<int>(app.inputs.fixed_vocab);
    ImGui::SetNextItemWidth(step_field_width(v, e * 6.5f));
    if (ImGui::InputInt("##vocab", &v, 1, 10)) edit_vocab_mode(app, VocabMode::Fixed, v);
    tooltip("Rows of the table (num_idx). It cannot be smaller than the largest ID + 1.");
  } else {
    // A fixed width whatever V's digits: typing IDs moves nothing after it.
    ImGui::SameLine();
    const float slot_end = ImGui::GetCursorPosX() + e * 3.8f;  // "= 65,536": the largest V typing builds live
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("= %s", Commas(app.derived.vocab).s);
    pad_to(slot_end);
  }

  next_group(e * 10.0f);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("D");
  ImGui::SameLine();
  int dim = static_cast<int>(app.inputs.dim);
  ImGui::SetNextItemWidth(step_field_width(dim, e * 6.0f));
  if (ImGui::InputInt("##dim", &dim, 1, 8)) edit_dim(app, dim);
  landmark("dim");
  tooltip("out_dim: the embedding size, the columns of the table. Changing it re-draws the table from the seed.");
}

}  // namespace

void draw_editor_bar(App& app) {
  const Palette& pal = palette(app.ui.theme);
  const float e = em();
  UiState& ui = app.ui;
  draw_input_mode(app);
  ImGui::SameLine();
  const float full = ImGui::GetContentRegionAvail().x;
  if (ui.editor.ids_input == IdsInput::Text) {
    // The sentence, then its tokens as chips (what slide 0 makes of it).
    ui.editor.ids_field_active = false;
    ImGui::SetNextItemWidth(std::floor(std::min(full * 0.20f, e * 9.0f)));
    if (ImGui::InputText("##text", ui.editor.text_buf, sizeof ui.editor.text_buf)) apply_text(app, text_field(app));
    landmark("text-field");
    if (app.model_tokenizer) {
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Type a sentence: the table's own tokenizer (%s) turns it into the IDs, applied as you "
                          "type. Slide 0 shows how.",
                          app.model_tokenizer->name().c_str());
    } else
      tooltip("Type a sentence: GPT-2's tokenizer (tiktoken's \"gpt2\", <|endoftext|> allowed) turns it into the "
              "IDs, applied as you type. Slide 0 shows how.");
    ImGui::SameLine();
    if (batch_withheld(app)) draw_withheld_chips(std::floor(std::min(full * 0.26f, e * 12.0f)));
    else draw_token_chips(app, std::floor(std::min(full * 0.26f, e * 12.0f)));
  } else {
    // Room for three or four one- or two-digit chips and "+" (more show as "+N"): the
    // whole bar, with IDs | Text, still fits one line at 1280 wide.
    if (batch_withheld(app)) draw_withheld_chips(std::floor(std::min(full * 0.28f, e * 9.5f)));
    else draw_chips(app, std::floor(std::min(full * 0.28f, e * 9.5f)));

    next_group(e * 8.5f);
    ImGui::SetNextItemWidth(e * 8.0f);
    // Esc ends the edit in the frame it is pressed; ImGui reports the deactivation a
    // frame later, when the key is no longer "pressed": note it now.
    if (ui.editor.ids_field_active && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false))
      ui.editor.ids_escaped = true;
    const bool typed = ImGui::InputText("##ids-text", ui.editor.ids_buf, sizeof ui.editor.ids_buf);
    landmark("ids-text");
    if (ImGui::IsItemActivated()) ids_field_entered(app);
    if (typed) ids_field_typed(app, ui.editor.ids_buf);
    ui.editor.ids_field_active = ImGui::IsItemActive();
    if (ImGui::IsItemDeactivated()) ids_field_left(app, ui.editor.ids_buf, ui.editor.ids_escaped);
    tooltip("Type token IDs: 2, 3, 1 — also [2, 3, 1], 2 3 1 or tensor([2, 3, 1]). Applied as you type; Enter "
            "applies, Esc goes back.");
  }

  if (app.inputs.file) draw_loaded_table(app, pal);
  else draw_seeded_shape(app);

  // The table's precision: rounded through float16 / bfloat16, computed in float32.
  next_group(e * 10.5f);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("dtype");
  ImGui::SameLine();
  int dt = static_cast<int>(app.inputs.dtype);
  ImGui::SetNextItemWidth(e * 6.5f);
  if (ImGui::Combo("##dtype", &dt, "float32\0float16\0bfloat16\0")) edit_dtype(app, static_cast<TableDtype>(dt));
  tooltip("Round every weight to float16 or bfloat16 (as .to(torch.float16).float() does). Both paths still agree: "
          "a one-hot row picks the rounded row exactly.");

  next_group(e * 9.5f);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("seed");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(e * 6.5f);
  if (ImGui::InputText("##seed", ui.editor.seed_buf, sizeof ui.editor.seed_buf, ImGuiInputTextFlags_CharsNoBlank)) {
    edit_seed_text(app, ui.editor.seed_buf);
  }
  landmark("seed");
  tooltip("torch.manual_seed(seed): any integer from -2^63 to 2^64-1. The table is re-drawn from it.");

  next_group(ImGui::CalcTextSize("Reset weights").x + e);
  const bool edits = has_edits(app);
  ImGui::BeginDisabled(!edits);
  if (ImGui::Button("Reset weights")) edit_reset_weights(app);
  landmark("reset-weights");
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s", edits ? "Undo every cell you dragged or typed: back to the seed's values."
                                  : "No weights edited. Drag a cell of the table (slide 1) to change one.");

  // Inline explanations of input that was not applied.
  const std::string& id_err = ui.editor.ids_input == IdsInput::Text ? ui.editor.text_error : ui.editor.ids_error;
  const std::string& err = !id_err.empty() ? id_err : ui.editor.seed_error;
  ImGui::PushStyleColor(ImGuiCol_Text, err.empty() && ui.editor.state_error.empty() ? pal.muted : pal.bad);
  if (!err.empty()) {
    ImGui::Text("%s  —  still showing %s", err.c_str(), !id_err.empty() ? "the last valid IDs" : "the last valid seed");
  } else if (!ui.editor.state_error.empty()) {
    // Refused by the budget, or out of memory (app_model.cpp recompute).
    ImGui::Text("%s  —  still showing the last state", ui.editor.state_error.c_str());
    landmark("state-error");
  } else if (!ui.editor.ids_note.empty()) {
    ImGui::Text("%s  —  still showing the last IDs", ui.editor.ids_note.c_str());
  } else {
    char rows[32], cols[32];
    fmt_count(rows, sizeof rows, static_cast<long long>(app.derived.vocab));
    fmt_count(cols, sizeof cols, static_cast<long long>(app.derived.dim));
    if (batch_withheld(app)) ImGui::Text("B = %s IDs into a %s × %s table", kAfterYouAnswer, rows, cols);
    else ImGui::Text("B = %s into a %s × %s table", count_text(app.derived.batch, "ID").c_str(), rows, cols);
    // IDs a smaller table could not hold: which, why, and that they come back.
    const std::string aside = set_aside_text(app.inputs);
    if (!aside.empty()) {
      ImGui::SameLine();
      ImGui::PushStyleColor(ImGuiCol_Text, pal.accent);
      ImGui::Text("·  %s", aside.c_str());
      ImGui::PopStyleColor();
      landmark("ids-set-aside");
    }
  }
  ImGui::PopStyleColor();
}

}  // namespace lv::app
