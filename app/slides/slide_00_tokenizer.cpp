// slide_00_tokenizer.cpp — "Text → token IDs" (the book's chapter 2, §2.5 and §2.6):
// where the IDs the table slides look up come from. GPT-2's pattern cuts the sentence
// into pieces; each piece's bytes become byte-level symbols (a space is Ġ); merges
// replayed one per step build one chosen piece's tokens (the book's
// "someunknownPlace"; click any piece); then every piece's tokens and their IDs.
// Steps: 0 pieces · 1 bytes as symbols · 2 .. 2+M−1 the M merges · 2+M the IDs.
// The model is its own BpeState (app/state/bpe_replay.hpp); with no sentence the slide says why.
#include <algorithm>
#include <cfloat>
#include <cstdio>

#include "app/ui_base/anim_timeline.hpp"
#include "app/model/app_model.hpp"
#include "app/state/bpe_replay.hpp"
#include "app/slides/narrative_lines.hpp"
#include "app/slides/slide_code.hpp"
#include "app/slides/slides.hpp"
#include "app/ui_base/layout_report.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/widgets/widget_data_text.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "core/tokenizer/tokenizer.hpp"
#include "core/torch/notebook_transcript.hpp"
#include "core/torch/python_literal.hpp"
#include "core/text/text_format.hpp"
#include "core/text/utf8_text.hpp"

namespace lv::app {
namespace {

constexpr int kLogLines = 6;  // merges listed under the pieces being merged (older ones summed up)

int merge_count(const BpeReplay& r) { return static_cast<int>(r.merged_at.size()); }

int steps(const SlideContext& cx) {
  const BpeReplay& r = bpe_replay(cx);
  return r.problem.empty() && r.chosen >= 0 ? 3 + merge_count(r) : 1;
}

const char* chosen_label(const BpeReplay& r) {
  return r.chosen >= 0 ? r.pieces[static_cast<size_t>(r.chosen)].label.c_str() : "";
}

void narrative(const SlideContext& cx) {
  const BpeReplay& r = bpe_replay(cx);
  if (const Tokenizer* own = cx.model.model_tokenizer.get()) {  // the table's own makes these IDs, not GPT-2's
    // Nothing of GPT-2's here (its Ġ, its ID 50256): what every tokenizer does, and its name.
    para("Before any lookup, a tokenizer turns text into IDs. This table's own tokenizer is in use: %s. It "
         "cuts the text into pieces, writes each piece as symbols of its vocabulary, and turns them into "
         "the longest tokens it knows%s.",
         own->name().c_str(), own->ranked_merges() ? ", merging neighbouring symbols most frequent pair first" : "");
    ImGui::Spacing();
    para("Its special tokens (a beginning-of-text mark, an unknown-word mark) are tokens of their own, "
         "with IDs of their own.");
    ImGui::Spacing();
  } else {
    para("Before any lookup, a tokenizer turns text into IDs. GPT-2's cuts the text into pieces with a "
         "pattern (words with their leading space, numbers, punctuation), writes each piece's bytes as "
         "symbols (a space is Ġ), and merges neighbouring symbols into longer tokens, most frequent "
         "pair first.");
    ImGui::Spacing();
    para("A word it has never seen, such as someunknownPlace, still gets IDs: it is built from smaller "
         "tokens it knows. <|endoftext|> is one token of its own, ID 50256.");
    ImGui::Spacing();
  }
  if (!r.problem.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette(cx.ui.theme).muted);
    para("%s", r.problem.c_str());
    ImGui::PopStyleColor();
    return;
  }
  if (r.decoded) {
    // Typed IDs skip the tokenizer: say so, and what it would make of their text.
    ImGui::PushStyleColor(ImGuiCol_Text, palette(cx.ui.theme).muted);
    if (hides_now(cx, Hidden::kCounts))  // asked how many tokens: what it makes of the text waits
      para("%s", "These IDs were typed as numbers: they skip the tokenizer. Steps 1 and 2 show what the "
                 "tokenizer makes of their text; step 3 shows each ID's own token. Switch the editor bar to "
                 "Text to type a sentence.");
    else if (r.reencoded == cx.model.inputs.ids)
      para("%s", "These IDs were typed as numbers: they skip the tokenizer. Steps 1 and 2 show how it "
                 "would make them from their text; step 3 shows each ID's own token. Switch the editor "
                 "bar to Text to type a sentence.");
    else
      para("These IDs were typed as numbers: they skip the tokenizer. Step 3 shows each ID's own token, "
           "the rows the next slides look up; steps 1 and 2 show what the tokenizer makes of their text "
           "“%s”: %s. Switch the editor bar to Text to type a sentence.",
           r.decoded_label.c_str(), python_list(r.reencoded).c_str());
    ImGui::PopStyleColor();
  }
  // The piece whose merges are replayed (the canvas's pieces can be clicked too).
  if (r.chosen >= 0) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("merges of");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em() * 10.0f);
    int pick = -1;
    // The pieces are the user's text: drawn as they are ("##" is a piece too), IDs by index.
    if (data_begin_combo("##bpe-piece", chosen_label(r))) {
      for (size_t i = 0; i < r.pieces.size(); ++i) {
        if (!r.pieces[i].replayable) continue;  // <|endoftext|>, a piece too long to replay
        ImGui::PushID(static_cast<int>(i));
        if (data_selectable(r.pieces[i].label, static_cast<int>(i) == r.chosen)) pick = static_cast<int>(i);
        ImGui::PopID();
      }
      ImGui::EndCombo();
    }
    landmark("bpe-piece-combo");
    if (pick >= 0) {
      set_bpe_pick(cx, pick);
      cx.door.seek(steps(cx), 2.0f);  // the first merge next
    }
  }
}

// A box with one or two lines of text (label above, symbols below in mono), at pos.
struct TwoLineBox {
  ImVec2 size;
  float label_w, sub_w;
};

TwoLineBox measure_box(const char* label, const char* sub) {
  const float e = em();
  const float lw = text_size(fonts().ui, label).x, sw = sub ? text_size(fonts().mono, sub).x : 0.0f;
  const float h = e * (sub ? 2.6f : 1.6f);
  return {ImVec2(std::max(lw, sw) + e * 0.9f, h), lw, sw};
}

void draw_box(ImDrawList* dl, ImVec2 pos, const TwoLineBox& b, const char* label, const char* sub, ImU32 fill,
              ImU32 border, float border_w, float sub_alpha, const Palette& pal) {
  const float e = em();
  const ImVec2 max(pos.x + b.size.x, pos.y + b.size.y);
  dl->AddRectFilled(pos, max, fill, e * 0.3f);
  dl->AddRect(pos, max, border, e * 0.3f, 0, border_w);
  const ImU32 ink = text_on(pal, fill);
  draw_text(dl, fonts().ui, ImVec2(pos.x + (b.size.x - b.label_w) * 0.5f, pos.y + e * 0.25f), ink, label);
  if (sub && sub_alpha > 0.0f)
    draw_text(dl, fonts().mono, ImVec2(pos.x + (b.size.x - b.sub_w) * 0.5f, pos.y + e * 1.35f),
              with_alpha(mix(ink, pal.muted, 0.35f), sub_alpha), sub);
}

// Lays boxes out left to right from `pos`, wrapping at `width`: the next box's place.
struct Flow {
  ImVec2 origin, at;
  float width, line_h = 0.0f, right = 0.0f, gap;
  ImVec2 place(ImVec2 size) {
    if (at.x > origin.x && at.x + size.x > origin.x + width) {
      at = ImVec2(origin.x, at.y + line_h + gap);
      line_h = 0.0f;
    }
    const ImVec2 p = at;
    at.x += size.x + gap;
    line_h = std::max(line_h, size.y);
    right = std::max(right, p.x + size.x);
    return p;
  }
  float bottom() const { return at.y + line_h; }
};

const char* const kPieceLandmarks[] = {"bpe-piece-0",  "bpe-piece-1",  "bpe-piece-2",  "bpe-piece-3",
                                       "bpe-piece-4",  "bpe-piece-5",  "bpe-piece-6",  "bpe-piece-7",
                                       "bpe-piece-8",  "bpe-piece-9",  "bpe-piece-10", "bpe-piece-11",
                                       "bpe-piece-12", "bpe-piece-13", "bpe-piece-14", "bpe-piece-15"};

// Step 2's merge log under the parts (whose bottom is parts_bottom): the last few merges
// (older ones counted), rank and resulting ID. Returns the y below it.
float draw_merge_log(SlideCanvas& c, const BpeReplay& r, int done, float merge_t, float parts_bottom, float& right) {
  ImDrawList* dl = c.dl;
  const Palette& pal = c.pal;
  const float e = em();
  float y = parts_bottom + e * 0.6f;
  const Tokenizer* t = c.cx.model.tokenizer.get();
  const int first = std::max(0, done - kLogLines);
  if (first > 0) {
    char more[96];
    std::snprintf(more, sizeof more, "… %s before", count_text(first, "merge").c_str());
    draw_text(dl, fonts().ui, ImVec2(c.origin.x, y), pal.muted, more);
  }
  y += e * 1.3f;
  for (int k = first; k < done && t; ++k) {
    const std::vector<std::string>& before = r.part_symbols[static_cast<size_t>(k)];
    const int at = r.merged_at[static_cast<size_t>(k)];
    const int64_t id = r.parts[static_cast<size_t>(k + 1)][static_cast<size_t>(at)];
    char line[256];
    const int64_t rank = r.merge_rank[static_cast<size_t>(k)];
    char which[64];
    if (rank >= 0) std::snprintf(which, sizeof which, "merge rank %lld, ", static_cast<long long>(rank));
    else std::snprintf(which, sizeof which, "by score, ");
    std::snprintf(line, sizeof line, "%2d.  %s + %s → %s   (%sID %lld)", k + 1, before[static_cast<size_t>(at)].c_str(),
                  before[static_cast<size_t>(at) + 1].c_str(),
                  r.part_symbols[static_cast<size_t>(k + 1)][static_cast<size_t>(at)].c_str(), which,
                  static_cast<long long>(id));
    const float a = k + 1 == done ? std::max(merge_t, 0.2f) : 1.0f;
    draw_text(dl, fonts().mono, ImVec2(c.origin.x, y), with_alpha(k + 1 == done ? pal.text : pal.muted, a), line);
    right = std::max(right, c.origin.x + text_size(fonts().mono, line).x);
    y += e * 1.25f;
  }
  return std::max(y, parts_bottom + e * (0.6f + 1.3f + 1.25f * kLogLines));  // room for every line: no jumps
}

// 2 · the chosen piece's merges, one per step: its parts after the current merge (step
// `cur`), then the merge log, from y across `width`. Returns the y below it; widens right.
float draw_merge_strip(SlideCanvas& c, const BpeReplay& r, int cur, float width, float y, float& right) {
  ImDrawList* dl = c.dl;
  const Palette& pal = c.pal;
  const float e = em();
  const int merges = merge_count(r);
  char head[256];
  std::snprintf(head, sizeof head, "2 · merges of “%s”: %s, one per step", chosen_label(r),
                count_text(merges, "merge").c_str());
  draw_text(dl, fonts().bold, ImVec2(c.origin.x, y), pal.muted, head);
  y += e * 1.5f;
  // Merges applied at this step (step 2 + k shows merge k); asked how many tokens, the strip
  // stops before the last merge's result (the reveal plays it).
  const int done = std::clamp(cur - 1, 0, hides_now(c.cx, Hidden::kResult) ? std::max(0, merges - 1) : merges);
  const int state = done;
  const float merge_t = done > 0 ? c.progress(1 + done) : 0.0f;
  Flow parts{ImVec2(c.origin.x, y), ImVec2(c.origin.x, y), width, 0.0f, c.origin.x, e * 0.25f};
  const std::vector<std::string>& syms = r.part_symbols[static_cast<size_t>(state)];
  for (size_t k = 0; k < syms.size(); ++k) {
    const TwoLineBox b = measure_box(syms[k].c_str(), nullptr);
    const ImVec2 pos = parts.place(b.size);
    const bool fresh = done > 0 && static_cast<int>(k) == r.merged_at[static_cast<size_t>(done - 1)];
    const ImU32 fill = fresh ? mix(pal.panel_alt, pal.accent, 0.35f * merge_t) : pal.panel_alt;
    if (fresh && merge_t < 1.0f)
      draw_glow(dl, pos, ImVec2(pos.x + b.size.x, pos.y + b.size.y), pal.accent, 1.0f - merge_t);
    // Symbols in the mono face: the box's label line is the UI face, so draw it as `sub`-less mono.
    const ImVec2 max(pos.x + b.size.x, pos.y + b.size.y);
    dl->AddRectFilled(pos, max, fill, e * 0.25f);
    dl->AddRect(pos, max, fresh ? pal.accent : with_alpha(pal.muted, 0.6f), e * 0.25f, 0, fresh ? 2.0f : 1.0f);
    const float tw = text_size(fonts().mono, syms[k].c_str()).x;
    draw_text(dl, fonts().mono, ImVec2(pos.x + (b.size.x - tw) * 0.5f, pos.y + e * 0.3f), text_on(pal, fill),
              syms[k].c_str());
  }
  right = std::max(right, parts.right);
  y = draw_merge_log(c, r, done, merge_t, parts.bottom(), right);
  return y;
}

// Typed IDs under step 3's tokens: the contradiction said plainly, the tokenizer's IDs
// for this text are not these. Moves y below it.
void draw_reencoded_note(SlideCanvas& c, const BpeReplay& r, float ids_t, float& y, float& right) {
  const float e = em();
  char note[160];
  std::snprintf(note, sizeof note, "typed IDs skip the tokenizer: it would encode this text as %s",
                python_list(r.reencoded).c_str());
  y += e * 0.4f;
  draw_text(c.dl, fonts().ui, ImVec2(c.origin.x, y), with_alpha(c.pal.muted, std::max(ids_t, 0.35f)), note);
  right = std::max(right, c.origin.x + text_size(fonts().ui, note).x);
  y += e * 1.3f;
}

ImVec2 canvas(SlideCanvas& c) {
  const SlideContext& cx = c.cx;
  const BpeReplay& r = bpe_replay(cx);
  const Palette& pal = c.pal;
  ImDrawList* dl = c.dl;
  const float e = em();
  const float width = std::max(c.avail.x, e * 20.0f);
  float y = c.origin.y;
  float right = c.origin.x;

  if (!r.problem.empty() || r.chosen < 0) {
    const std::string too_long = "This text's pieces are too long to replay their merges one by one (lookupviz "
                                 "replays pieces of at most " +
                                 std::to_string(kMaxReplayBytes) + " bytes).";
    const char* why = !r.problem.empty() ? r.problem.c_str()
                      : r.pieces.empty() ? "This text has no piece to replay."
                                         : too_long.c_str();
    const float wrap = std::min(width, e * 30.0f);
    ImFont* f = fonts().ui;
    dl->AddText(f, f->FontSize, c.origin, pal.muted, why, nullptr, wrap);
    report_text(why);
    const ImVec2 s = f->CalcTextSizeA(f->FontSize, FLT_MAX, wrap, why);
    return s;
  }
  const int merges = merge_count(r);
  const int last = 2 + merges;  // the IDs step
  const float cut = c.progress(0), symbols = c.progress(1), ids_t = c.progress(last);
  const int cur = c.current();

  // 1 · the pieces, each with its bytes as symbols (from step 1).
  draw_text(dl, fonts().bold, ImVec2(c.origin.x, y), pal.muted, "1 · the pattern cuts the text into pieces");
  y += e * 1.5f;
  Flow flow{c.origin, ImVec2(c.origin.x, y), width, 0.0f, c.origin.x, e * 0.35f};
  flow.origin.y = y;
  int clicked = -1;
  for (size_t i = 0; i < r.pieces.size(); ++i) {
    const BpeReplayPiece& p = r.pieces[i];
    const TwoLineBox b = measure_box(p.label.c_str(), p.symbols.c_str());
    const ImVec2 pos = flow.place(b.size);
    const bool chosen = static_cast<int>(i) == r.chosen;
    const float a = std::clamp(cut * static_cast<float>(r.pieces.size() + 1) - static_cast<float>(i), 0.0f, 1.0f);
    const ImU32 fill = p.special ? mix(pal.panel_alt, pal.accent, 0.25f) : pal.panel_alt;
    const ImU32 border = chosen ? pal.accent : with_alpha(pal.muted, 0.6f);
    draw_box(dl, pos, b, p.label.c_str(), p.special ? nullptr : p.symbols.c_str(), with_alpha(fill, std::max(a, 0.25f)),
             with_alpha(border, std::max(a, 0.25f)), chosen ? 2.5f : 1.0f, symbols, pal);
    const ImVec2 max(pos.x + b.size.x, pos.y + b.size.y);
    if (i < std::size(kPieceLandmarks)) landmark_rect(kPieceLandmarks[i], pos, max);
    if (!c.measuring && !p.special) {
      ImGui::SetCursorScreenPos(pos);
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::InvisibleButton("##piece", b.size) && p.replayable) clicked = static_cast<int>(i);
      ImGui::PopID();
      const bool hovered = ImGui::IsItemHovered();
      if (hovered || layout_report_enabled()) {  // (the report lists every piece's tooltip)
        const CountText bytes = count_text(static_cast<long long>(p.text.size()), "byte");
        const char* what = p.replayable ? "click to replay its merges" : "too long to replay its merges one by one";
        if (hovered) ImGui::SetTooltip("“%s”: %s · %s", p.label.c_str(), bytes.c_str(), what);
        report_tooltip("“%s”: %s · %s", p.label.c_str(), bytes.c_str(), what);
      }
    }
  }
  right = std::max(right, flow.right);
  y = flow.bottom() + e * 1.2f;

  y = draw_merge_strip(c, r, cur, width, y, right);

  // 3 · the tokens and their IDs (the rows the table slides pick), in the batch's colours.
  // Typed IDs are shown as they are, each with its own token (decode, no re-encode): the
  // tokenizer's IDs for their text may differ (2, 3, 1 read "#$\"", encoded 29953, 1).
  y += e * 0.6f;
  const char* ids_heading = r.decoded ? "3 · your IDs, each its own token: the rows the next slides look up"
                                      : "3 · each token's ID: the rows the next slides look up";
  draw_text(dl, fonts().bold, ImVec2(c.origin.x, y), with_alpha(pal.muted, std::max(ids_t, 0.35f)), ids_heading);
  right = std::max(right, c.origin.x + text_size(fonts().bold, ids_heading).x);  // (the canvas centres by it)
  y += e * 1.5f;
  Flow toks{ImVec2(c.origin.x, y), ImVec2(c.origin.x, y), width, 0.0f, c.origin.x, e * 0.3f};
  size_t batch_i = 0;
  auto token_box = [&](const std::string& label, int64_t token) {
    char id[24];
    std::snprintf(id, sizeof id, "%lld", static_cast<long long>(token));
    const TwoLineBox b = measure_box(label.c_str(), id);
    const ImVec2 pos = toks.place(b.size);
    if (ids_t > 0.0f)
      draw_box(dl, pos, b, label.c_str(), id, id_tint(pal, batch_i, 0.30f * ids_t),
               with_alpha(id_color(batch_i), ids_t), 1.5f, ids_t, pal);
    ++batch_i;
  };
  if (r.decoded) {
    for (size_t i = 0; i < cx.model.inputs.ids.size() && i < r.id_labels.size(); ++i)
      token_box(r.id_labels[i], cx.model.inputs.ids[i]);
  } else {
    for (const BpeReplayPiece& p : r.pieces)
      for (size_t k = 0; k < p.ids.size(); ++k) token_box(p.token_labels[k], p.ids[k]);
  }
  right = std::max(right, toks.right);
  y = toks.bottom();
  if (r.decoded && r.reencoded != cx.model.inputs.ids && !hides_now(cx, Hidden::kCounts))
    draw_reencoded_note(c, r, ids_t, y, right);
  if (clicked >= 0) {  // after drawing: the replay is rebuilt for the piece clicked
    set_bpe_pick(cx, clicked);
    cx.door.seek(steps(cx), 2.0f);  // its first merge next
  }
  return ImVec2(right - c.origin.x, y - c.origin.y);
}

void caption(const SlideContext& cx, char* buf, size_t n) {
  const BpeReplay& r = bpe_replay(cx);
  if (!r.problem.empty()) {
    std::snprintf(buf, n, "no sentence behind these IDs: type one in Text mode");
    return;
  }
  long long tokens = 0;
  for (const BpeReplayPiece& p : r.pieces) tokens += static_cast<long long>(p.ids.size());
  if (r.decoded) {  // typed IDs: their own count, not the re-encoding's
    std::snprintf(buf, n, "%s typed → %s of text (no tokenizer)",
                  count_text(static_cast<long long>(cx.model.inputs.ids.size()), "ID").c_str(),
                  count_text(static_cast<long long>(r.text.size()), "byte").c_str());
    return;
  }
  // The tokens are counted once their step shows them: before, the count would answer
  // "how many tokens?" (issue 28: a worksheet's picture, Learn mode's question).
  const bool ids_shown = current_step(cx.ui.timeline, steps(cx)) >= steps(cx) - 1;
  std::snprintf(buf, n, "%s → %s%s%s", count_text(static_cast<long long>(r.text.size()), "byte").c_str(),
                count_text(static_cast<long long>(r.pieces.size()), "piece").c_str(), ids_shown ? " → " : "",
                ids_shown ? count_text(tokens, "token").c_str() : "");
}

// Typed IDs with a model's own tokenizer: each ID's token, their text and its encoding, called
// as lookupviz decodes and encodes (no special token skipped, none added).
void model_decode_code(const SlideContext& cx, const BpeReplay& r, std::string& code, std::string& output) {
  const TokenizerOrigin t = code_tokenizer(cx);
  for (const std::string& line : tokenizer_code(t)) code += line + "\n";
  code += "idx = " + python_list(cx.model.inputs.ids) + "\n";
  std::string setup;
  const std::string each = code_token_strings(cx, "idx", setup);
  const bool gguf = t.kind == TokenizerOrigin::Gguf;
  const std::string whole =
      gguf ? "tokenizer.detokenize(idx, special=True).decode()" : "tokenizer.decode(idx, skip_special_tokens=False)";
  const std::string again =
      gguf ? "tokenizer.tokenize(tokenizer.detokenize(idx, special=True), add_bos=False, special=True)"
           : "tokenizer.encode(" + whole + ", add_special_tokens=False).ids";
  code += setup + each + "\n" + whole + "\n" + again + "\n";
  append_repl(output, each.c_str(), printed_token_strings(cx, cx.model.inputs.ids));
  append_repl(output, whole.c_str(), python_str_repr(r.text));
  append_repl(output, again.c_str(), python_list(r.reencoded));
}

void code(const SlideContext& cx, std::string& code, std::string& output) {
  const BpeReplay& r = bpe_replay(cx);
  code.clear();
  output.clear();
  if (!r.problem.empty()) {
    code = "# " + r.problem + "\n";
    return;
  }
  if (r.decoded && cx.model.model_tokenizer) {
    model_decode_code(cx, r, code, output);
    return;
  }
  if (r.decoded) {
    // Typed IDs: decoded, not encoded. Each ID's own token, then what encoding their
    // text gives (the tokenizer's IDs for it may differ).
    const std::string ids = python_list(cx.model.inputs.ids);
    code = "import tiktoken\ntokenizer = tiktoken.get_encoding(\"gpt2\")\nidx = " + ids + "\n";
    std::string parts;
    for (int64_t id : cx.model.inputs.ids) {
      const std::string bytes = cx.model.tokenizer->token_bytes(id);
      parts += (parts.empty() ? "" : ", ") + python_str_repr(utf8_replace_invalid(bytes));
    }
    const char* each = "[tokenizer.decode([i]) for i in idx]";
    const char* whole = "tokenizer.decode(idx)";
    const char* again = "tokenizer.encode(tokenizer.decode(idx), allowed_special={\"<|endoftext|>\"})";
    code += std::string(each) + "\n" + whole + "\n" + again + "\n";
    append_repl(output, each, "[" + parts + "]");
    append_repl(output, whole, python_str_repr(r.text));
    append_repl(output, again, python_list(r.reencoded));
    return;
  }
  code = "import torch\n";
  for (const std::string& line : text_to_idx_code(r.text, code_tokenizer(cx))) code += line + "\n";
  code += "idx.tolist()\n";
  std::string ids;
  for (const BpeReplayPiece& p : r.pieces)
    for (int64_t id : p.ids) ids += (ids.empty() ? "" : ", ") + std::to_string(id);
  append_repl(output, "idx.tolist()", "[" + ids + "]");
  if (r.chosen >= 0 && cx.model.model_tokenizer) {
    // The chosen piece's tokens as the model's vocabulary writes them. Its expression names
    // the piece's IDs: while slide 0 asks how many tokens the text makes, it waits too.
    if (hides_now(cx, Hidden::kCounts)) return;
    const BpeReplayPiece& p = r.pieces[static_cast<size_t>(r.chosen)];
    std::string setup;
    const std::string expr = code_token_strings(cx, python_list(p.ids), setup);
    code += setup + expr + "\n";
    append_repl(output, expr.c_str(), printed_token_strings(cx, p.ids));
  } else if (r.chosen >= 0 && cx.model.tokenizer) {
    // The chosen piece's tokens as text, as Python prints the list.
    const BpeReplayPiece& p = r.pieces[static_cast<size_t>(r.chosen)];
    std::string parts;
    for (int64_t id : p.ids) {
      const std::string bytes = cx.model.tokenizer->token_bytes(id);
      parts += (parts.empty() ? "" : ", ") + python_str_repr(utf8_replace_invalid(bytes));
    }
    const std::string expr = "[tokenizer.decode([i]) for i in tokenizer.encode(" + python_str_repr(p.text) + ")]";
    code += expr + "\n";
    append_repl(output, expr.c_str(), "[" + parts + "]");
  }
}

}  // namespace

namespace {
// Its measuring depends on the piece the replay shows (the text and IDs every slide shares).
uint64_t fit_depends(const SlideContext& cx) {
  return static_cast<uint64_t>(static_cast<int64_t>(bpe_replay(cx).chosen));
}
}  // namespace

namespace {
// Asking how many tokens the text becomes: the re-encoded IDs (narration, canvas, print
// panel; in Text mode idx is the text's tokens) and the strip's last merge wait for the answer.
Hidden hides(const quiz::Question& q) {
  if (q.kind != quiz::QuestionKind::TokenCount) return {};
  return {Hidden::kCounts | Hidden::kResult | Hidden::kBatch,
          {"tokenizer.encode(", "idx.tolist()"}};  // (Text mode's idx: its tokens)
}
// Asked before the last step (which shows the IDs); pictured at step 0 in Text mode: the
// pieces cut, no merges, no IDs.
quiz::PictureStep pieces_cut(const quiz::Question&) { return {0, 0, true}; }
constexpr SlideQuestion kQuestions[] = {
    {quiz::QuestionKind::TokenCount, steps_last, kHowWholeNumber, pieces_cut},
};

// A long sentence is cut on a worker (app/state/bpe_replay.hpp): taken once it is done, on
// whichever slide is shown (the editor bar's chips read it too); a picture waits for it.
void update(const SlideContext& cx, bool) {
  if (bpe_replay_cutting(cx)) update_bpe_replay(cx);
}
SlideActivity activity(const SlideContext& cx, bool) {
  return bpe_replay_cutting(cx) ? SlideActivity::Working : SlideActivity::Idle;
}
bool ready(const SlideContext& cx, bool) { return !bpe_replay_cutting(cx); }

}  // namespace

const SlideDef kSlideTokenizer = {.title = "Text → token IDs",
                                  .draw = {steps, narrative, canvas, caption, code},
                                  .update = update,
                                  .activity = activity,
                                  .ready = ready,
                                  .fit_depends = fit_depends,
                                  .questions = kQuestions,
                                  .hides = hides};

}  // namespace lv::app
