// app_state.hpp — everything the window shows is a function of these plain structs.
//   Model        the model, apart from the view (app/model/model_state.hpp: inputs,
//                derived outputs, jobs, tokenizer, budget)
//   UiState      where the user is (slide, timeline, theme, text fields, panels)
// Sections: timeline · ui · loading · scale (slide 7) · App
#pragma once
#include <cstdint>
#include <any>
#include <future>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/ui_base/anim_timeline.hpp"
#include "app/ui_base/tour.hpp"
#include "app/ui_base/learn_state.hpp"
#include "app/ui_base/theme_kind.hpp"
#include "app/desktop/file_dialog.hpp"
#include "app/model/model_state.hpp"
#include "app/state/nearest_panel.hpp"
#include "app/widgets/widget_code_panel.hpp"
#include "app/widgets/widget_file_picker.hpp"
#include "app/widgets/widget_heatmap.hpp"
#include "app/widgets/widget_matrix_grid.hpp"
#include "core/text/wide_text.hpp"
#include "core/tokenizer/model_tokenizer.hpp"

namespace lv::app {

// ---------------------------------------------------------------- ui
enum class IdsInput { Ids, Text };  // the editor bar's IDs typed as numbers, or as a sentence (GPT-2 BPE)

// "The real code" and what PyTorch prints, as last built, and for what: rebuilt when
// the slide shown or the model (its generation) changes.
// (OutputNotes: the notes beside its output, app/widgets/widget_code_panel.hpp.)

struct CodePanelText {
  int slide = -1;           // the slide this text belongs to
  uint64_t generation = 0;  // Derived::generation it was built from
  bool asking = false;      // built while Learn mode asked a question (its answer kept out of the output)
  uint64_t slide_key = 0;   // the slide's own inputs it was built from (SlideDef::code_depends: slide
                            // 7's measured figures, slide 10's controls), and the question asked
  std::string code, output;
  OutputNotes notes;  // what the screen adds to output's ">>> expr" lines (never in output itself)
};

// What a slide's grids last scrolled to: they follow the current ID only when the
// step, the IDs or the shape, or the window changes, so the user can scroll while a
// step holds, and a cell typed into a grid stays in view.
struct FollowKey {
  int step = -2;
  uint64_t batch = 0;  // the IDs and the table's shape (batch_key): a weight edit does not move the view
  int max_rows = 0, max_cols = 0;
  bool operator==(const FollowKey&) const = default;
};

// The editor bar's fields (app/chrome/ui_editor_bar.cpp): the buffer shows what the user
// typed; the error says why it is not applied (the last valid state stays on screen).
struct EditorBar {
  // A state refused before it was computed (core/kernels/work_budget.hpp: too much memory or
  // work) or that ran out of memory while computed: why, shown in the editor bar's
  // error line until another state is accepted. The last good state stays on screen.
  std::string state_error;
  char ids_buf[1024] = "2, 3, 1";
  std::string ids_error;  // the text does not parse (or breaks a limit): why
  std::string ids_note;   // it parses but makes a large table: built when the edit ends
  bool ids_field_active = false;
  bool ids_escaped = false;  // Esc ended the IDs field's edit: back to its start (Model::ids_edit)
  int chip_edit_index = -1;  // the chip whose popup is open
  int chip_edit_value = 0;   // the value typed into it
  char seed_buf[48] = "123";
  std::string seed_error;
  IdsInput ids_input = IdsInput::Ids;  // the editor bar's Text mode shows text_buf instead of the IDs field
  // The sentence as ImGui edits it: characters beyond U+FFFF held as slots
  // (`wide`, core/text/wide_text.hpp); text_field() / set_text_field() (app/state/app_edits.hpp) read and
  // write the real UTF-8.
  char text_buf[1024] = "Hello, do you like tea? <|endoftext|> In the sunlit terraces of someunknownPlace.";
  WideText wide;           // the slots, and the glyphs the texts need (the fonts follow its generation)
  std::string text_error;  // the sentence was not applied: why (the last good IDs stay)
};

// The canvas's and the narration's fit (app/deck/canvas_fit.hpp, app/app_ui.cpp).
struct CanvasFit {
  uint64_t canvas_fit_key = 0;       // what the canvas zoom was chosen for
  uint64_t canvas_view_key = 0;      // its slide, room and type size
  int canvas_level = 4;              // kCanvasNormalLevel: the zoom level the canvas is drawn at
  ImVec2 canvas_extent{0.0f, 0.0f};  // the slide's extent at that level (its steps' largest)
  uint64_t narrative_fit_key = 0;    // what the narrative's text size was chosen for
  int narrative_level = 4;           // kCanvasNormalLevel: its text size (down to kNarrativeMinLevel)
  bool narrative_settling = false;   // its size is not settled yet: draw another frame
  // The narration's text size as measured for every step (app/deck/narration_fit.hpp).
  bool narrative_scrolls = false;        // it does not fit at its smallest size: the column scrolls
  std::vector<float> narrative_heights;  // each step's text height at narrative_level
  float narrative_stale_h = -1.0f;       // the drawn height that last had it measured again
};

// Presenting (F11): full screen, larger type, controls hidden until the mouse moves.
struct Presentation {
  bool on = false;              // presenting now
  bool toggle = false;          // F11 pressed: the platform switches full screen
  bool code = false;            // the code panels shown (C toggles them)
  double controls_until = 0.0;  // app time until which the hidden controls show
};

// What the slides' grids share, the one part of the UI a slide writes (app/state/slide_context.hpp):
// where each grid is scrolled, the table cell being edited, and per-frame buffers.
struct SlideGrids {
  GridView table_view, out_view, out2_view, onehot_view;  // scroll of the slides' grids
  int edit_row = -1, edit_col = -1;                       // the table cell being dragged or typed into
  float edit_value = 0.0f;                                // its value when the drag started
  char cell_buf[64] = "";                                 // the value typed into the cell editor
  std::string cell_error;                                 // why the typed value was not applied
  Matrix scratch;              // a slide's per-frame working buffer (kept to avoid allocations)
  std::vector<float> row_buf;  // a table row read for a flight (kept likewise)
};

// Where the user is, split by owner: the view (slide, timeline, theme, type size), the
// editor bar, the canvas fit, presenting, the slides' grids, the code panels.
struct UiState {
  int slide = 1;  // the slide shown: its number, also its index in the slide table (1: the table)
  Timeline timeline;
  bool reduced_motion = false;  // every step shows its end state
  TourState tour;               // the narrated tour (T, --tour; app/app_tour.hpp)
  Theme theme = Theme::Dark;
  Theme applied_theme = Theme::Dark;  // the theme ImGui's style was last set for
  float applied_scale = 0.0f;         // the scale the style was last set for (0: never)
  float scale = 1.0f;                 // font scale (HiDPI * user zoom)
  bool show_shortcuts = false;        // the F1 / ? overlay
  bool welcome = false;               // the first launch's choice: Learn / Present / Explore (app/app_welcome.hpp)
  bool screenshot_requested = false;  // Ctrl+S: the platform saves the next frame
  bool quit_requested = false;        // Ctrl+Q / File > Quit
  bool gif_requested = false;         // File > Export animation as GIF: the platform renders it
  float user_zoom = 1.0f;             // Ctrl+= / Ctrl+-: the text size on top of the monitor's scale
  float scale_request = 0.0f;         // > 0: the platform rebuilds the fonts at this zoom
  std::string status;                 // a transient line in the footer ("Saved …")
  double status_until = 0.0;

  EditorBar editor;
  CanvasFit fit;
  Presentation present;
  SlideGrids grids;
  CodePanelText code_panel;  // the code panels' text
  bool code_select = false;  // the code panels show their text in read-only
                             // fields (select with the mouse, Ctrl+C) instead of in colour
};

// ---------------------------------------------------------------- loading a table file
// File ▸ Open reads and converts the file off the UI thread (tables can be GBs).
struct TableLoading {
  BackgroundJob job;                              // active while a load runs (or its result is not yet taken)
  std::shared_ptr<TableLoad> result;              // what job fills (read once take() says so)
  std::shared_ptr<ModelTokenizerFind> tokenizer;  // the table's own tokenizer, found by the same job
  std::string spec;                               // FILE or FILE:NAME being loaded
  double started = 0.0;                           // app time when it started
  FilePicker picker;                              // File ▸ Open's in-app picker (when the desktop has no dialog)
  ExternalDialog dialog;                    // File ▸ Open through zenity / kdialog (app/desktop/file_dialog.hpp)
  std::vector<std::string> recent;          // tables opened lately, newest first (core/settings/recent_files.hpp)
  std::string recent_path;                  // where that list is saved ("" : not saved, e.g. tests and headless runs)
  std::vector<std::string> tensor_choices;  // a .safetensors file with several 2-D tensors: pick one
  std::string choices_path;                 // the file those names belong to
  std::string error;                        // the last load's failure (the current table stays)
  bool restoring = false;                   // the load running is the last session's table (app/app_session.hpp)
  // The table's file looked at again (app/chrome/ui_file_watch.cpp): a stat about once a second.
  double disk_checked = -1.0;                    // app time of the last look (-1: not yet)
  const TableFile* disk_changed_file = nullptr;  // the table whose file was seen to change (said once)
  std::string disk_changed;                      // what changed, while the Reopen prompt shows ("" : nothing to say)
};

// ---------------------------------------------------------------- slides' own state
// What each slide keeps of its own (app/slides/slides.hpp slide_state<T>): slide 7's
// worker and heat map view, say. Made at a slide's first use; a slide's thread is joined
// when the App goes.
struct SlideStates {
  std::map<const void*, std::any> own;  // by the slide's SlideDef (SlideContext::own<T>)
};

// ---------------------------------------------------------------- App
// The window: the model (its base: app.inputs, app.derived … read as before; the model's
// functions take it as Model&) and the view's state around it.
struct App : Model {
  UiState ui;
  SlideStates slide_states;  // each slide's own (slide 7's worker thread: App is move-only)
  TableLoading loading;      // File ▸ Open: a table being read on a worker thread
  LearnState learn;          // Learn mode: the question asked, the answers, the quiz (app/app_learn.hpp)
  NearestPanel nearest;      // "What a row means": nearest rows and norms (app/app_nearest.cpp)
  double time = 0.0;         // seconds since start (ImGui::GetTime at the last frame)
  int frames_since_input = 0;
};

// A line in the status bar for a few seconds ("Learn mode: each slide asks first").
inline void set_status(App& app, const char* text) {
  app.ui.status = text;
  app.ui.status_until = app.time + 4.0;
}

}  // namespace lv::app
