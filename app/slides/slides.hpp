// slides.hpp — the slide registry: what a slide is (SlideDef: title, step count, what it
// draws, and its lifecycle: enter, leave, update, busy/ready, its own state, what its
// measuring depends on) and the list of them in order (LV_SLIDES). Each slide_NN_*.cpp
// defines one. The frame, the idle loop and the command line ask the registry
// (slides_frame, slides_activity, slides_ready), never a slide by name.
#pragma once
#include <imgui.h>

#include <algorithm>
#include <array>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "app/state/slide_context.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "core/settings/cli_options.hpp"
#include "core/quiz/quiz_deck.hpp"
#include "core/quiz/worksheet.hpp"
#include "core/settings/session_settings.hpp"

namespace lv::app {

// What a slide measured for its questions (slide 7: the lookup's speedup over the one-hot
// matmul at a batch size), once it has: Learn mode judges an estimate with it.
struct SlideMeasure {
  enum class State { Pending, Ready, Failed } state = State::Pending;
  double ratio = 0.0;  // Ready: the figure (slide 7: matmul ms / lookup ms)
  std::string why;     // Failed: why there is no figure, in the slide's words
};

// Learn mode's practice (Try another, the quiz) shows a drawn state in place of the learner's:
// a slide keeps its own choices before (Keep), gives them back after (Restore), and sets itself
// up for a drawn state's question on it (Fresh: slide 9 trains the drawn IDs one a step at lr 0.1).
enum class Practice { Keep, Restore, Fresh };

// What a slide's canvas function gets: where to draw and how far the animation is.
struct SlideCanvas {
  const SlideContext& cx;
  const Palette& pal;
  ImDrawList* dl;
  ImVec2 origin;           // top-left of the canvas content (already padded)
  ImVec2 avail;            // the room the canvas shows without scrolling
  int steps;               // this slide's step count
  bool measuring = false;  // laid out off screen to choose the zoom (app/deck/canvas_fit.hpp): no
                           // interaction, no popups or tooltips; dl goes nowhere
  // Eased progress of step k in [0, 1] (1 for every step in reduced motion once reached).
  float progress(int k) const;
  int current() const;  // the step being shown, -1 before the first
};

// What a slide's background work asks of the loop.
enum class SlideActivity {
  Idle,       // nothing: the loop may sleep
  Working,    // its work runs: frames for a progress bar (app_progress_only)
  Animating,  // every frame changes what is drawn (a table going up to the GPU)
};

// What a slide withholds while Learn mode asks one of its questions (issue 36: nothing on
// screen answers before the learner does). Each slide declares it, per kind, in its
// SlideDef::hides; its narration, captions, canvas and tooltips ask hides_now(cx, what),
// the print panel hidden_now(cx).printed — one check, so the rule lives in one place and
// the reveal (the phase past Asking) shows everything again.
struct Hidden {
  enum What : unsigned {
    kNowLine = 1u << 0,  // the narration's "Now:" line and its sentences about the step's item
    kCounts = 1u << 1,   // the captions and counts (canvas and narration) that give the answer
    kValues = 1u << 2,   // the tooltips of the asked tensor's cells say nothing of their values
    kResult = 1u << 3,   // the canvas's result drawn before the reveal (slide 0's last merge,
                         // slide 5's "=" signs and cell comparisons, slide 7's timings)
    kBatch = 1u << 4,    // the editor bar's chips and its "B = N IDs" (slide 0's token_count:
                         // the text's tokens are the IDs, so their count is the answer)
  };
  unsigned what = 0;
  // What PyTorch prints: each ">>> expr" block whose expression holds one of these shows
  // "(after you answer)" instead of its value (null: unused).
  std::array<const char*, 3> printed{};
};

// Where Learn mode asks a question and what its reveal plays: the timeline holds at `hold`
// (the steps before the reveal done) and plays to `reveal_to` once answered.
struct QuestionSteps {
  int hold = 0, reveal_to = 1;
};
// hold and reveal_to within a slide of `steps` steps.
inline QuestionSteps steps_at(int hold, int reveal_to, int steps) {
  return {std::clamp(hold, 0, steps), std::clamp(reveal_to, 0, steps)};
}

// One question a slide asks (issue 37: a slide declares its own). core/quiz makes it (its
// prompt, answer and why); the slide says when it is asked, how it is answered on its
// canvas, and what a worksheet pictures of it. The app gives core the deck at start
// (give_core_the_deck); what the slide withholds while asking is its `hides`.
struct SlideQuestion {
  quiz::QuestionKind kind;
  QuestionSteps (*steps)(const quiz::Question& q, int steps);  // where it is asked, what the reveal plays
  const char* how;                                             // how it is answered, under the question
  // The worksheet's picture: the slide and step that set it up without answering it (every
  // question of a sheet is pictured beside every other: no picture holds another's answer).
  quiz::PictureStep (*picture)(const quiz::Question& q);
  bool onehot_product = false;  // asked of the one-hot product (quiz::DeckQuestion)
  bool in_learn = true;         // Learn mode asks it (false: the command line's alone)
  // Learn mode asks it only while this says so (slide 7: the view it is about is shown, its
  // map made); null: whenever the state can ask it.
  bool (*shown)(const SlideContext& cx) = nullptr;
};

// What slides say most often under a question, and their common steps and pictures.
inline constexpr const char* kHowWholeNumber = "Type a whole number; Enter answers, S shows.";
inline constexpr const char* kHowNumber = "Type a number; Enter answers, S shows.";
inline constexpr const char* kHowYesNo = "Type y or n; Enter answers, S shows.";
inline constexpr const char* kHowTableRow =
    "Click the table row, or ↑ ↓ to it, or type its number; Enter answers, S shows.";
inline constexpr const char* kHowRows =
    "Click each row (or ↑ ↓ and Space), or type them: 1, 3; Enter answers, S shows.";
inline constexpr const char* kHowCells =
    "Click each output cell (or the arrows and Space), or type row,col; row,col (none: leave it empty); Enter "
    "answers, S shows.";
// Asked before the first step, revealed by the whole timeline.
inline QuestionSteps steps_whole(const quiz::Question&, int n) { return steps_at(0, n, n); }
// Asked before the last step, which reveals it.
inline QuestionSteps steps_last(const quiz::Question&, int n) { return steps_at(n - 1, n, n); }
// One step per ID: asked before step i, which takes row ids[i] (params.i).
inline QuestionSteps steps_of_id(const quiz::Question& q, int n) {
  const int i = static_cast<int>(q.params.i.value_or(0));
  return steps_at(i, i + 1, n);
}
// The picture most questions take: the IDs and the whole table (slide 1 at step 1), no count
// written. Slides 2, 4 and 6 write a count of the sheet at every step (the B·D copies, the
// B·(V−1)·D multiply-adds by zero, slide 6's bill), so their questions are pictured on a
// slide that sets them up without one.
inline quiz::PictureStep picture_ids_and_table(const quiz::Question&) { return {1, 1}; }

// What every slide draws, each hook required — declared on one line, in this order:
// .draw = {steps, narrative, canvas, caption, code}.
struct SlideDrawing {
  int (*steps)(const SlideContext& cx);                          // timeline length (>= 1)
  void (*narrative)(const SlideContext& cx);                     // the text beside the demo (ImGui text calls)
  ImVec2 (*canvas)(SlideCanvas& c);                              // draws the demo; returns the content size used
  void (*caption)(const SlideContext& cx, char* buf, size_t n);  // the line under the demo
  void (*code)(const SlideContext& cx, std::string& code, std::string& output);  // "The real code" and its output
};

struct SlideDef {
  const char* title;          // "The lookup"
  SlideDrawing draw;          // its steps, narration, canvas, caption and code panels
  bool fills_canvas = false;  // sizes itself to the room it gets (the heat map): never zoomed
  unsigned table_work = 0;    // the model's whole-table work it draws (core/kernels/work_budget.hpp TableWork
                              // bits): all a command-line picture of it waits for, and is budgeted
  // Notes the output panel draws beside some ">>> expr" lines (null: none); never part of the output.
  void (*output_notes)(const SlideContext& cx, OutputNotes& notes) = nullptr;

  // ---- its lifecycle (each optional: null for a slide that only draws). A slide's own
  // state lives with it (SlideContext::own<T>), not in UiState.
  // Every frame, before anything is drawn, for every slide: `shown` says whether it is the
  // one on screen (a hidden slide lets go of what it no longer needs, starts nothing).
  void (*update)(const SlideContext& cx, bool shown) = nullptr;
  // What its background work asks of the loop (null: Idle): it decides for itself when hidden.
  SlideActivity (*activity)(const SlideContext& cx, bool shown) = nullptr;
  // A command-line picture of it may be taken: its work is done (null: always).
  bool (*ready)(const SlideContext& cx, bool shown) = nullptr;
  // What its measuring depends on besides the model every slide shares (shape, text, IDs,
  // file): a hash of its own inputs, so a change of them fits the canvas again (null: none).
  uint64_t (*fit_depends)(const SlideContext& cx) = nullptr;
  // The table's file changed on disk (app/chrome/ui_file_watch.cpp): what it made of it is stale.
  void (*file_changed)(const SlideContext& cx) = nullptr;
  // What its code panels depend on besides the model (its own choices, its step): a hash,
  // so a change of them builds the panels' text again (null: the model alone).
  uint64_t (*code_depends)(const SlideContext& cx) = nullptr;
  // The command line's options for it (slide 9's --batches, --optimizer, --lr, slide 10's --beta): set once at
  // start, after the model (null: it takes none).
  void (*preset)(const SlideContext& cx, const CliOptions& options) = nullptr;
  // Its own controls kept in the session (slide 10's beta, d_out, mask): written as
  // "slide_value = NAME VALUE" lines, taken back at start (a value it cannot use is left out),
  // and a hash of them so that a change is saved (null: none of its own).
  void (*save_values)(const SlideContext& cx, std::vector<SettingsSlideValue>& out) = nullptr;
  void (*restore_values)(const SlideContext& cx, const std::vector<SettingsSlideValue>& in) = nullptr;
  uint64_t (*values_key)(const SlideContext& cx) = nullptr;
  bool holds_big_table = false;  // keeps a GPT-2-sized table of its own (the bench's memory figure counts it)
  // The questions it asks in Learn mode, in the order it takes them (none: it asks nothing).
  std::span<const SlideQuestion> questions{};
  // The question kinds it brings with it, beyond core's own (quiz::KindFamily; null: none), and
  // its own command-line flags (CliFamily; null: none): given to core at start with the deck.
  const quiz::KindFamily* kinds = nullptr;
  const CliFamily* cli = nullptr;
  // Its answers are measured on its worker (measure below), not read from the state: a drawn
  // quiz and the state's questions (--quiz-json, the worksheet) leave it out.
  bool measured_questions = false;
  // What it withholds while it asks question q (Hidden above; null: nothing).
  Hidden (*hides)(const quiz::Question& q) = nullptr;
  // What its questions read of its own state (its controls), written into the model Learn
  // mode asks about (null: nothing of its own).
  void (*quiz_model)(const SlideContext& cx, quiz::QuizModel& m) = nullptr;
  // What it measured at batch size B for its questions (slide 7's speedup), and the batch
  // sizes they ask about, smallest and largest (null: its questions are the state's alone).
  SlideMeasure (*measure)(const SlideContext& cx, int batch) = nullptr;
  std::array<int, 2> measure_batches{};
  // What its questions depend on besides the model (slide 9: its batches, optimizer and lr):
  // a change of it asks again (null: the model alone).
  uint64_t (*quiz_key)(const SlideContext& cx) = nullptr;
  // Learn mode's practice (Practice above; null: nothing of its own to keep).
  void (*practice)(const SlideContext& cx, Practice what) = nullptr;
  // Shows what question q names (slide 9: the optimizer rows_moved asks about, alone; null: nothing).
  void (*show_question)(const SlideContext& cx, const quiz::Question& q) = nullptr;
  // A table of its own that File ▸ Save table as… writes (slide 9's trained table): whether
  // there is one now, and the request to save it (its dialog is its own); null: none.
  bool (*table_saveable)(const SlideContext& cx) = nullptr;
  void (*save_table)(const SlideContext& cx) = nullptr;
  // A file it wrote that the window opens now (slide 9 saved over the open table's file: that
  // file is the table now); taken once, "" when there is none.
  std::string (*take_file_to_open)(const SlideContext& cx) = nullptr;
};

// The shown slide's Hidden while Learn mode asks its question (nothing otherwise: no
// question, another slide's, or the reveal).
Hidden hidden_now(const UiState& ui, const LearnState& learn);
inline Hidden hidden_now(const SlideContext& cx) { return hidden_now(cx.ui, cx.learn); }
// Whether `what` (Hidden::What bits) is withheld now: the one check every slide calls.
inline bool hides_now(const SlideContext& cx, unsigned what) { return (hidden_now(cx).what & what) != 0; }
// What the print panel shows for a withheld value.
inline constexpr const char* kAfterYouAnswer = "(after you answer)";

// Row r of the model's table as float32 (read where it lies, edits applied) into a
// buffer the grids keep: for a row's values in flight. Valid until the next call.
inline const float* table_row(const SlideContext& cx, int64_t r) {
  std::vector<float>& buf = cx.grids.row_buf;
  buf.resize(static_cast<size_t>(cx.model.derived.dim));
  cx.model.derived.table.read_row(r, buf.data());
  return buf.data();
}

// Learn mode asks a question of kind k on the slide drawn (not while measuring): its rows
// or columns are answers (app/widgets/widget_answer_targets.hpp answer_rows / answer_cols).
inline bool learn_asks(const SlideCanvas& c, quiz::QuestionKind k) {
  const LearnState& L = c.cx.learn;
  return !c.measuring && L.phase != LearnPhase::Off && L.slide == c.cx.ui.slide && L.question.kind == k;
}

// A slide's index in the table is its number (below).
std::span<const SlideDef> slide_table();
inline int slide_count() { return static_cast<int>(slide_table().size()); }
// Core is told the registry at start (main(), the tests' Headless): its slide count
// (lv::set_deck_size) and which slide asks which question (quiz::set_quiz_deck).
void give_core_the_deck();
// The registry's deck as core takes it.
std::vector<quiz::DeckSlide> quiz_deck_of_registry();
// Slide `slide`'s declaration of kind k (null: it does not ask it).
const SlideQuestion* slide_question(int slide, quiz::QuestionKind k);
// The worksheet's picture of q, as the slide that asks it declares (slide q.slide at step 0
// when none does).
quiz::PictureStep question_picture(const quiz::Question& q);
// Every slide's title, in order: --help's list of slides (core cannot see the registry).
std::vector<std::string> slide_titles();

// A slide's index in the table is its number: 0 "Text → token IDs" (before the table),
// 1–5 the page's five, 6–9 beyond (--slide, the strip, the keys 0–9, the session).
// The digit keys that jump to a slide, as the help and status line name them: "0 – 9"
// (a slide's key is its number; slides past 9 are reached with ← / →).
std::string slide_keys_label();

// The slides in order, one line each: adding a slide is its file (slide_NN_name.cpp,
// defining its SlideDef) and its line here. The count, --slide's range, the keys and the
// help text follow (core's deck_size(), given slide_count() at start: app/platform/main.cpp
// and the tests' Headless); a test checks the README's table of slides against slide_table().
#define LV_SLIDES(X)   \
  X(kSlideTokenizer)   \
  X(kSlideTable)       \
  X(kSlideLookup)      \
  X(kSlideOneHot)      \
  X(kSlideMatmul)      \
  X(kSlideSameNumbers) \
  X(kSlideBackward)    \
  X(kSlideAtScale)     \
  X(kSlideGpt)         \
  X(kSlideTrain)       \
  X(kSlideAttention)

#define LV_DECLARE_SLIDE(name) extern const SlideDef name;
LV_SLIDES(LV_DECLARE_SLIDE)
#undef LV_DECLARE_SLIDE

}  // namespace lv::app
