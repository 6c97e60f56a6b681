// main.cpp — lookupviz's entry point. Reads top to bottom like ImGui's GLFW example:
// command line → headless text modes → window, context, fonts → loop → cleanup.
// Exit codes: 0 ok, 2 bad usage or input, 1 the environment failed (no display,
// GL < 3.3, an unwritable file).
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>
#include <cstdio>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "app/deck/slide_host.hpp"
#include "app/deck/app_init.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "app/state/app_edits.hpp"
#include "app/app_session.hpp"
#include "app/app_ui.hpp"
#include "app/platform/gl_heatmap.hpp"
#include "app/platform/gl_map_points.hpp"
#include "app/app_learn.hpp"
#include "app/ui_base/layout_report.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/app_nearest.hpp"
#include "app/model/out_of_memory.hpp"
#include "app/platform/platform_bench.hpp"
#include "app/platform/platform_glfw.hpp"
#include "app/desktop/portal_dialog.hpp"
#include "core/train/trainer.hpp"  // --train-print
#include "app/slides/slides.hpp"
#include "core/settings/cli_options.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"
#include "core/tokenizer/model_tokenizer.hpp"
#include "core/tokenizer/tokenize_lines.hpp"
#include "core/text/id_parse.hpp"
#include "app/platform/bench_edits.hpp"
#include "app/model/model_jobs.hpp"
#include "core/torch/notebook_transcript.hpp"
#include "core/nearest/map_cli.hpp"
#include "core/nearest/nearest_cli.hpp"
#include "core/quiz/quiz_json.hpp"
#include "core/quiz/worksheet.hpp"
#include "core/settings/recent_files.hpp"
#include "core/settings/session_settings.hpp"
#include "core/io/table_file.hpp"
#include "core/torch/table_size.hpp"
#include "core/text/text_format.hpp"
#include "core/text/utf8_text.hpp"
#include "core/kernels/work_budget.hpp"
#include "core/io/small_file.hpp"
#include "core/io/write_target.hpp"

namespace {

// Shows slide `slide` frozen at step `step` as the transport counts it (-1: its last).
void freeze_at(lv::app::App& app, int slide, int step) { lv::app::show_slide_step(app, slide, step); }

// Slide 7 builds its table (and times it) on a worker: keep drawing until it is ready, so a
// picture or an animation shows the heat map and every timing. A loaded machine took more
// than a minute (CI, 2 cores shared with the other tests: the picture showed "timing the
// matmul, B = 256…" where the window, waited for, showed its figures), so the wait is long;
// one that ends unready says so rather than saving a half-done state silently.
void draw_until_ready(lv::app::Platform& p, lv::app::App& app) {
  constexpr int kMinutes = 10;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(kMinutes);
  while (!lv::app::slides_ready(app) && std::chrono::steady_clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));  // leave the CPU to the worker
    lv::app::platform_frame(p, app);
  }
  if (!lv::app::slides_ready(app))
    std::fprintf(stderr,
                 "lookupviz: slide %d's work on its worker thread was not done after %d minutes: the picture shows it "
                 "in progress\n",
                 app.ui.slide, kMinutes);
}

// A few frames: ImGui settles sizes over the first ones, a narration measured again takes one more.
void settle(lv::app::Platform& p, lv::app::App& app) {
  for (int i = 0; i < 3 || (app.ui.fit.narrative_settling && i < 16); ++i) lv::app::platform_frame(p, app);
}

// Renders until the slide is settled and saves the last frame. What its worker delivered
// last (slide 7's timings) lengthens its narration, which the window measures again in the
// frames that follow (issue 38, item 2): so does the picture.
std::string render_png(lv::app::Platform& p, lv::app::App& app, const std::string& path) {
  settle(p, app);
  draw_until_ready(p, app);
  settle(p, app);
  return lv::app::platform_frame(p, app, path);
}

// Loads --weights and checks the IDs against it; null, *why and *no_memory on failure.
std::shared_ptr<const lv::TableFile> load_weights(const lv::CliOptions& o, std::string* why, bool* no_memory) {
  lv::TableLoad load = lv::load_table(o.weights);
  if (!load.ok) {
    *why = load.error;
    *no_memory = load.failure == lv::TableLoadFailure::NoMemory;
    return nullptr;
  }
  const int64_t rows = load.table.rows;
  for (int64_t id : o.ids) {
    if (id >= rows) {
      *why = std::to_string(id) + " is out of range: " + o.weights + " has " + lv::counted(rows, "row") + ", IDs 0–" +
             lv::with_commas(static_cast<uint64_t>(rows - 1));
      return nullptr;
    }
  }
  if (std::string e = lv::table_size_error(static_cast<int64_t>(o.ids.size()), rows, 0); !e.empty()) {
    *why = e;
    return nullptr;
  }
  return std::make_shared<const lv::TableFile>(std::move(load.table));
}

// The shape the budget prices: the IDs into the file's table or the seeded one.
lv::StateShape budget_shape(const lv::CliOptions& o, const lv::TableFile* file) {
  lv::StateShape s;
  s.batch = static_cast<int64_t>(o.ids.size());
  lv::IdList sorted = o.ids;
  std::sort(sorted.begin(), sorted.end());
  s.distinct = std::unique(sorted.begin(), sorted.end()) - sorted.begin();
  s.seeded = file == nullptr;
  s.vocab = file ? file->rows : lv::effective_vocab(o);
  s.dim = file ? file->cols : o.dim;
  return s;
}

// The model's whole-table work a picture of slide `slide` waits for (SlideDef::table_work):
// slide 2 of a Llama-sized table needs three of its rows, not its logits.
unsigned slide_table_work(int slide) {
  return lv::app::slide_table()[static_cast<size_t>(std::clamp(slide, 0, lv::app::slide_count() - 1))].table_work;
}

// What the window costs for the command line's request: a picture (--screenshot,
// --export-gif) counts only the whole-table work of the slide it draws; --export-slides
// draws one slide at a time, each waiting for its own, so its costliest slide counts;
// anything else (the window, --layout-report) all of it.
lv::StateCost requested_cost(const lv::CliOptions& o, const lv::StateShape& shape, bool layout_report) {
  const bool many = !o.export_slides.empty() || !o.export_worksheet.empty();  // a picture of several slides
  if (layout_report || (o.screenshot.empty() && o.export_gif.empty() && !many)) return lv::window_cost(shape);
  if (!many) return lv::window_cost(shape, slide_table_work(o.slide));
  lv::StateCost worst;
  for (int k = 0; k < lv::app::slide_count(); ++k) {
    const lv::StateCost c = lv::window_cost(shape, slide_table_work(k));
    if (c.work > worst.work) worst.work = c.work, worst.multiply_adds = c.multiply_adds;
    worst.bytes = std::max(worst.bytes, c.bytes);
    worst.window_thread_work = std::max(worst.window_thread_work, c.window_thread_work);
  }
  return worst;
}

// Plain `lookupviz` (or only --reset / --scale / --size / --ask / --quiz) resumes the last session;
// anything that chooses a state (--ids, --slide, --weights, …) starts from it instead.
bool restores_session(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const std::string name = a.substr(0, a.find('='));
    if (name == "--reset" || name == "--ask" || name == "--quiz") continue;  // the view's, not the model's
    if (name == "--scale" || name == "--size" || name == "--quiz-seed") {
      if (a.find('=') == std::string::npos) ++i;
      continue;
    }
    return false;
  }
  return true;
}

// --layout-report --ask: every question each slide asks of this state, laid out asked (the
// timeline at its hold) and revealed after a wrong answer (the longest verdict, with Try another).
void learn_report(lv::app::Platform& p, lv::app::App& app, std::string& out) {
  lv::app::set_learn_mode(app, true);
  auto settle = [&] {
    for (int i = 0; i < 3 || (app.ui.fit.narrative_settling && i < 16); ++i) lv::app::platform_frame(p, app);
  };
  for (int k = 0; k < lv::app::slide_count(); ++k) {
    freeze_at(app, k, 0);
    settle();
    for (lv::quiz::QuestionKind kind : lv::app::learn_kinds(app, k)) {
      lv::app::learn_ask_kind(app, kind);
      freeze_at(app, k, app.learn.hold);
      settle();
      // What was asked and its answer, so a test can look for the answer in what was drawn.
      std::string question = "\"kind\": \"" + std::string(lv::quiz::kind_name(kind)) + "\", \"answer\": ";
      lv::quiz::put_answer(question, app.learn.question.answer);
      out += ",\n  ";
      lv::app::layout_report_json(out, k, app.learn.hold, "asking", question);
      lv::app::learn_answer_wrong(app);
      freeze_at(app, k, app.learn.reveal_to);
      settle();
      out += ",\n  ";
      lv::app::layout_report_json(out, k, app.learn.reveal_to, "revealed", question);
    }
  }
  lv::app::set_learn_mode(app, false);
}

// --layout-report's "map": the Map tab of "What a row means" (issue 41) opened on the first ID
// once its map is made, over slide 1: the panel's, the plot's and its help's rectangles (window
// pixels, as the landmarks), the type size, the points drawn and whether the panel scrolls.
void map_report(lv::app::Platform& p, lv::app::App& app, std::string& out) {
  freeze_at(app, 1, -1);
  lv::app::open_nearest(app, app.inputs.ids.empty() ? 0 : app.inputs.ids.front());
  app.nearest.want_tab = 2;
  for (int i = 0; i < 12; ++i) {
    lv::app::platform_frame(p, app);
    app.nearest.map.job.wait();  // the map of a big table takes seconds: drawn once it is made
  }
  auto rect = [&](const char* name) {
    ImVec2 a, b;
    char r[96] = "null";
    if (lv::app::find_landmark(name, &a, &b))
      std::snprintf(r, sizeof r, "[%.1f, %.1f, %.1f, %.1f]", static_cast<double>(a.x), static_cast<double>(a.y),
                    static_cast<double>(b.x - a.x), static_cast<double>(b.y - a.y));
    return std::string(r);
  };
  const lv::app::MapTab& m = app.nearest.map;
  char tail[160];
  std::snprintf(tail, sizeof tail, ", \"em\": %.2f, \"drawn\": %lld, \"rows\": %lld, \"scrolls\": %s}",
                static_cast<double>(lv::app::em()), static_cast<long long>(m.drawn),
                static_cast<long long>(m.map ? m.map->pca.rows : 0), m.help_cut ? "true" : "false");
  out += ",\n \"map\": {\"panel\": " + rect("nearest-window") + ", \"plot\": " + rect("map-plot") +
         ", \"help\": " + rect("map-help") + tail;
  app.nearest.open = false;
}

// --layout-report: every slide at every step, laid out exactly as the window does
// (a few frames each, so ImGui's sizes settle), printed as one JSON object.
std::string layout_report_text(lv::app::Platform& p, lv::app::App& app, const lv::CliOptions& o) {
  lv::app::layout_report_enable(true);
  p.layout_only = true;
  app.ui.present.controls_until = 1e300;  // presenting, the floating transport is laid out (and checked) too
  char head[160];
  std::snprintf(head, sizeof head, "{\"size\": [%d, %d], \"scale\": %g, \"present\": %s, \"slides\": [", o.width,
                o.height, static_cast<double>(app.ui.scale), app.ui.present.on ? "true" : "false");
  std::string out = head;
  bool first = true;
  std::vector<std::pair<float, float>> fresh(static_cast<size_t>(lv::app::slide_count()));  // laid out afresh
  // --ask: the slides are laid out first as they are, then each question asked and revealed.
  const bool learn = app.learn.ask;
  lv::app::set_learn_mode(app, false);
  for (int k = 0; k < lv::app::slide_count(); ++k) {
    freeze_at(app, k, 0);
    const int steps = lv::app::current_slide_steps(app);
    for (int s = 1; s <= steps; ++s) {  // the end of each step, numbered as --step and the transport do
      freeze_at(app, k, s);
      // A few frames settle ImGui's sizes; a narrative stepping down its text takes a few more.
      for (int i = 0; i < 3 || (app.ui.fit.narrative_settling && i < 16); ++i) lv::app::platform_frame(p, app);
      if (!first) out += ",\n  ";
      first = false;
      lv::app::layout_report_json(out, k, s);  // the slide's number
    }
  }
  if (learn) learn_report(p, app, out);
  // Every slide again, reached by its key from another slide (the one after it and the one
  // four on; every other slide with LOOKUPVIZ_LAYOUT_REVISIT=all), as a person jumps
  // around: its canvas and narration must get the type sizes it gets laid out afresh (its
  // fit forgotten), whatever was shown before (issue 25, item 3: slide 1 took slide 4's
  // 0.66 em when reached from it).
  out += "],\n \"revisits\": [";
  const char* every = std::getenv("LOOKUPVIZ_LAYOUT_REVISIT");
  const bool all = every && std::string(every) == "all";
  const int n = std::min(lv::app::slide_count(), 10);  // a slide's key is its digit
  first = true;
  for (int offset = 1; offset < n; ++offset) {
    if (!all && offset != 1 && offset != 4) continue;
    for (int k = 0; k < n; ++k) {
      const int from = (k + offset) % n;
      freeze_at(app, from, -1);
      for (int i = 0; i < 3 || (app.ui.fit.narrative_settling && i < 16); ++i) lv::app::platform_frame(p, app);
      lv::app::key_queue_char(p.keys, static_cast<unsigned>('0' + k));  // the key, as a person presses it
      for (int i = 0; i < 3 || (app.ui.fit.narrative_settling && i < 16); ++i) lv::app::platform_frame(p, app);
      freeze_at(app, k, 0);  // the step the fresh pass measured (the slide stays: no new view)
      for (int i = 0; i < 3 || (app.ui.fit.narrative_settling && i < 16); ++i) lv::app::platform_frame(p, app);
      const float canvas_px = lv::app::layout_report().canvas_px, narration_px = lv::app::layout_report().narration_px;
      // The same slide laid out afresh now (a slide's text may have grown meanwhile: slide 7's timings).
      app.ui.fit.canvas_fit_key = app.ui.fit.canvas_view_key = app.ui.fit.narrative_fit_key = 0;
      for (int i = 0; i < 3 || (app.ui.fit.narrative_settling && i < 16); ++i) lv::app::platform_frame(p, app);
      fresh[static_cast<size_t>(k)] = {lv::app::layout_report().canvas_px, lv::app::layout_report().narration_px};
      char row[224];
      std::snprintf(row, sizeof row,
                    "%s{\"slide\": %d, \"from\": %d, \"shown\": %d, \"canvas_px\": %.2f, \"narration_px\": %.2f, "
                    "\"fresh_canvas_px\": %.2f, \"fresh_narration_px\": %.2f}",
                    first ? "" : ",\n  ", k, from, app.ui.slide, static_cast<double>(canvas_px),
                    static_cast<double>(narration_px), static_cast<double>(fresh[static_cast<size_t>(k)].first),
                    static_cast<double>(fresh[static_cast<size_t>(k)].second));
      out += row;
      first = false;
    }
  }
  out += "]";
  map_report(p, app, out);
  out += "}\n";
  return out;
}

// This executable's path, to find GPT-2's tokenizer pack beside it (build tree or prefix).
std::string exe_path(const char* argv0) {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string(argv0 ? argv0 : "");
}

int fail(const std::string& why) {
  std::fprintf(stderr, "lookupviz: %s\n", why.c_str());
  return 1;
}

// What run() does after a step: go on, or exit with this code.
using Exit = std::optional<int>;

// --nearest ID / --norms: the rows as JSON (core/nearest/nearest_cli.hpp); a row outside
// a file's table, or one holding NaN/inf, exits 2; rows left out are said on stderr.
int print_nearest(const lv::CliOptions& o, std::shared_ptr<const lv::TableFile> file) {
  const lv::NearestCliRun run = lv::nearest_cli(o, std::move(file));
  std::fputs(run.out.c_str(), stdout);  // also with exit 2 when there is JSON ("why": a row holding NaN)
  if (run.exit_code != 0) {
    std::fprintf(stderr, "lookupviz: %s\n", run.error.c_str());
    return run.exit_code;
  }
  if (!run.note.empty()) std::fprintf(stderr, "lookupviz: %s\n", run.note.c_str());
  return 0;
}

// --map-json: the table's principal components as JSON (core/nearest/map_cli.hpp); a table
// too small for K components, or a --map-npy FILE not written, exits 2.
int print_map(const lv::CliOptions& o, std::shared_ptr<const lv::TableFile> file) {
  const lv::MapCliRun run = lv::map_cli(o, std::move(file));
  if (run.exit_code != 0) {
    std::fprintf(stderr, "lookupviz: %s\n", run.error.c_str());
    return run.exit_code;
  }
  std::fputs(run.out.c_str(), stdout);
  return 0;
}

// A slide's own print mode (its CliFamily's: slide 10's --attention-print): its text, or its
// one-line error and exit code (more than 64 IDs from --text exits 2).
int print_slide_mode(const lv::CliFamily& family, const lv::CliOptions& o, std::shared_ptr<const lv::TableFile> file) {
  const lv::SlidePrintRun run = family.print(o, std::move(file));
  if (run.exit_code != 0) {
    std::fprintf(stderr, "lookupviz: %s\n", run.error.c_str());
    return run.exit_code;
  }
  std::fputs(run.out.c_str(), stdout);
  return 0;
}

Exit fail_usage(const std::string& why) {
  std::fprintf(stderr, "lookupviz: %s\n", why.c_str());
  return 2;
}

// 1. The command line: --help and --version print and exit; --tokenize - / --text-file
// FILE: the text is read now (bounded), before the tokenizer.
Exit read_command_line(int argc, char** argv, lv::CliOptions* o) {
  const lv::CliParse parsed = lv::parse_cli(std::vector<std::string>(argv, argv + argc));
  if (!parsed.ok) return fail_usage(parsed.error);
  *o = parsed.options;  // a copy: --text fills in the IDs below
  if (o->help) {
    std::fputs(lv::cli_help_text(lv::app::slide_titles()).c_str(), stdout);
    return 0;
  }
  if (o->version) {
    std::fputs(lv::cli_version_text().c_str(), stdout);
    return 0;
  }
  if (!o->tokenize_from.empty()) {
    std::string text;
    const char* flag = o->tokenize_lines ? "--tokenize-lines" : "--text-file";
    if (const std::string e = lv::read_text_input(o->tokenize_from, &text, flag); !e.empty()) return fail_usage(e);
    o->tokenize = std::move(text);
  }
  return std::nullopt;
}

struct TokenizerLoaded {
  std::shared_ptr<const lv::Gpt2Tokenizer> tokenizer;  // GPT-2's
  std::string error;
  std::shared_ptr<const lv::Tokenizer> model;  // the --weights table's own (find_model_tokenizer), if it has one
  std::string model_error;
  // A long --text the window tokenizes on a worker (issue 39): not before the first frame.
  std::optional<std::string> window_text;
  const lv::Tokenizer* active() const { return model ? model.get() : tokenizer.get(); }
};

// --quiz-json: this state's questions and their answers (core/quiz/quiz_json.hpp).
// Slide 0's question is about the tokenizer slide 0 shows: the table's own when it has one,
// else GPT-2's (without its pack, exit 1 as --text does).
int print_quiz_json(const lv::CliOptions& o, std::shared_ptr<const lv::TableFile> file, const TokenizerLoaded& t) {
  if (!t.active()) return fail(t.error);
  std::fputs(lv::quiz::quiz_json_text(o, std::move(file), t.active()).c_str(), stdout);
  return 0;
}

// --special on --tokenize's 32-bit IDs: the post-processor's special tokens, found by asking
// the tokenizer to put them around one stand-in ID (-1, never a token), added before and after.
bool with_special_tokens(const lv::Tokenizer& t, std::vector<uint32_t>& ids, std::string* why) {
  lv::IdList around{-1};
  if (!t.add_special_tokens(around, why)) return false;
  const auto text = std::find(around.begin(), around.end(), int64_t{-1});
  ids.insert(ids.begin(), around.begin(), text);
  ids.insert(ids.end(), text + (text != around.end()), around.end());
  return true;
}

// GPT-2's tokenizer: --tokenize and --detokenize print and exit; --text sets the IDs
// (and V = 50,257) for every mode below. A missing or damaged pack is the
// installation's fault: exit 1.
// The window loads it too (a few ms): Text mode, slide 0 and slide 8's decoding use it,
// and say so when it is missing.
Exit tokenizer_modes(lv::CliOptions& o, const char* argv0, bool opens_window, TokenizerLoaded* loaded) {
  // --nearest and --norms read the table alone: no tokenizer is loaded for them (a GGUF's
  // vocabulary can be hundreds of MB, and a broken one is none of their business).
  const bool table_only = (o.nearest || o.norms) && !lv::needs_tokenizer(o);
  if (table_only) return std::nullopt;
  // The table's own tokenizer: --tokenize, --detokenize and --text use it; a broken one is
  // bad input (exit 2) for them, and said in the window, which keeps GPT-2's.
  if (!o.weights.empty() && (lv::needs_tokenizer(o) || !o.print)) {
    // A process that prints and exits reads the parsed tokenizer in place from its cache; a
    // window copies it (it keeps the tokenizer while files change around it).
    const bool exits = !opens_window || o.tokenize || o.detokenize;
    lv::ModelTokenizerFind found =
        lv::find_model_tokenizer(o.weights, exits ? lv::CacheRead::Mapped : lv::CacheRead::Copy);
    loaded->model = std::move(found.tokenizer);
    loaded->model_error = std::move(found.error);
    if (!loaded->model_error.empty() && lv::needs_tokenizer(o)) return fail_usage(loaded->model_error);
  }
  // GPT-2's, unless a --tokenize or --detokenize has the table's own: it prints and exits, and
  // GPT-2's pack would be read and its tables built for nothing (issue 40, item 6: 300 page faults).
  const bool ends_with_model = (o.tokenize || o.detokenize) && loaded->model;
  if ((lv::needs_tokenizer(o) || !o.print) && !ends_with_model) {
    lv::TokenizerLoad load = lv::find_gpt2_tokenizer(exe_path(argv0));
    loaded->tokenizer = std::move(load.tokenizer);
    loaded->error = load.error;
  }
  if (!lv::needs_tokenizer(o)) return std::nullopt;
  if (!loaded->active()) return fail(loaded->error);
  const lv::Tokenizer* t = loaded->active();
  // --tokenize and --detokenize end the process: a model's tokenizer (Llama-3's 128k token
  // strings and 8 MB of merges) is left to the exit rather than taken apart first, a tenth of
  // a --tokenize read from the tokenizer cache. Held by a static, so leak checkers see it reachable:
  // volatile, or an optimizing build drops the unread pointer and LeakSanitizer sees a leak.
  if (o.tokenize || o.detokenize) {
    [[maybe_unused]] static const std::shared_ptr<const lv::Tokenizer>* volatile kept = nullptr;
    kept = new std::shared_ptr<const lv::Tokenizer>(loaded->model);
  }
  if (o.tokenize && o.tokenize_lines) {
    const std::string why = lv::tokenize_json_lines(
        *t, *o.tokenize, [](const std::string& line) { std::fwrite(line.data(), 1, line.size(), stdout); });
    return why.empty() ? 0 : fail_usage("--tokenize-lines: " + why);
  }
  if (o.tokenize) {
    // 32 bits an ID (issue 39: a token a byte made 8-byte IDs most of the peak).
    std::vector<uint32_t> ids;
    std::string why;
    if (!t->encode_compact(*o.tokenize, ids, &why)) return fail_usage("--tokenize: " + why);
    if (o.special && !with_special_tokens(*t, ids, &why)) return fail_usage("--special: " + why);
    // As Python prints a list; written in slices, not as one string of a long text's IDs.
    constexpr size_t kSlice = 16384;
    std::fputc('[', stdout);
    for (size_t at = 0; at < ids.size(); at += kSlice) {
      const lv::IdList slice(ids.begin() + at, ids.begin() + std::min(ids.size(), at + kSlice));
      std::fputs(((at ? ", " : "") + lv::format_ids(slice)).c_str(), stdout);
    }
    std::fputs("]\n", stdout);
    return 0;
  }
  if (o.detokenize) {
    const lv::Decoding d = t->decode(*o.detokenize);
    if (!d.ok) return fail_usage("--detokenize: " + d.error);
    // print(tokenizer.decode(ids)): bytes that are not UTF-8 print as U+FFFD, as
    // tiktoken's decode(errors="replace") gives them. fwrite: a token may be a NUL.
    const std::string text = lv::utf8_replace_invalid(d.bytes) + "\n";
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
  }
  // The window tokenizes a long --text on a worker once it is up (it says in the window what
  // does not fit, keeping the state it opened with); a picture, a report or a print checks it now.
  if (opens_window && o.text && o.text->size() > lv::app::kInlineTextBytes) {
    loaded->window_text = std::move(o.text);
    o.text.reset();
    return std::nullopt;
  }
  if (const std::string why = lv::apply_text_ids(o, *t); !why.empty()) return fail_usage(why);
  return std::nullopt;
}

// How this run shows its state: a picture or a report (headless), and whether the window
// loads a positional FILE itself.
struct RunKind {
  bool headless = false;
  bool window_loads = false;
};

// A person's window (or its benchmark): no picture, report or print.
bool opens_window(const lv::CliOptions& o, RunKind kind) {
  return !kind.headless && !o.print && !o.quiz_json && !o.nearest && !o.norms && !o.map_json && o.slide_print.empty() &&
         !o.train_print;
}

RunKind run_kind(const lv::CliOptions& o) {
  RunKind k;
  k.headless = !o.screenshot.empty() || !o.export_slides.empty() || !o.export_gif.empty() ||
               !o.export_worksheet.empty() || o.layout_report;
  k.window_loads = o.weights_positional && !k.headless && !o.print && !o.quiz_json && !o.nearest && !o.norms &&
                   o.bench_frames == 0 && o.slide_print.empty() && !o.map_json;
  return k;
}

// A table file (--weights) is untrusted input: a clear error and exit 2 when it is bad.
// A positional FILE opening the window (a file manager's "Open with": no terminal to
// read stderr) is loaded by the window instead, as File ▸ Open and a drop load it:
// on a worker, IDs that do not fit the table dropped, a failure said in the window.
// *seeded: the options the window starts from while it loads FILE.
Exit open_table(const lv::CliOptions& o, RunKind kind, lv::CliOptions* seeded,
                std::shared_ptr<const lv::TableFile>* file) {
  *seeded = o;
  if (kind.window_loads) {
    // IDs checked only against a file's limits may not suit the seeded table shown first.
    const int64_t v = lv::effective_vocab(*seeded), b = static_cast<int64_t>(seeded->ids.size());
    if (!lv::table_size_error(b, v, seeded->dim).empty()) seeded->ids = lv::CliOptions{}.ids;
  } else if (!o.weights.empty()) {
    std::string why;
    bool no_memory = false;
    *file = load_weights(o, &why, &no_memory);
    if (!*file) {
      // One line, whatever the file's name holds.
      for (char& c : why)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
      std::fprintf(stderr, "lookupviz: %s\n", why.c_str());
      return no_memory ? 1 : 2;  // a fine file this machine cannot hold: the environment failed
    }
  }
  return std::nullopt;
}

// One budget for what the state will cost, checked before anything is drawn or
// allocated: every limit above holds alone, but B × V × D does not (issue 17, item 4).
// A FILE the window loads is checked when it arrives (the window keeps its state).
Exit check_budget(const lv::CliOptions& o, RunKind kind, const lv::TableFile* file) {
  if (kind.window_loads) return std::nullopt;
  lv::StateShape shape = budget_shape(o, file);
  const bool prints =
      o.print || o.quiz_json || o.nearest || o.norms || o.map_json;  // no window: the printed state alone
  const lv::StateCost cost = prints ? lv::print_cost(shape) : requested_cost(o, shape, o.layout_report);
  lv::Budget budget = lv::machine_budget();
  budget.workers_cancellable = !prints && !kind.headless;  // a person at the window (or the benchmark acting as one)
  const std::string why = lv::over_budget(shape, cost, budget, lv::BudgetWords::CommandLine);
  if (!why.empty()) return fail_usage(why);
  return std::nullopt;
}

// --print: the notebook's transcript for the state asked for.
int print_transcript(const lv::CliOptions& o, const lv::TableFile* file, const TokenizerLoaded& tok) {
  lv::NotebookCase c;
  c.seed = o.seed;
  c.seed_text = o.seed_text;
  c.ids = o.ids;
  c.dim = o.dim;
  c.vocab = lv::effective_vocab(o);
  if (file) {
    c.table = file;
    c.vocab = file->rows;
    c.dim = file->cols;
    c.table_code = lv::table_load_code(*file);
  }
  c.dtype = o.dtype;
  c.text = o.text;
  if (tok.model) c.tokenizer = tok.model->origin();  // --text's IDs are the table's own tokenizer's
  std::fputs(lv::notebook_transcript(c).c_str(), stdout);
  return 0;
}

// 2. The model and the UI state.
Exit init_app(lv::app::App& app, const lv::CliOptions& o, RunKind kind, const lv::CliOptions& seeded,
              const std::shared_ptr<const lv::TableFile>& file, const TokenizerLoaded& tok) {
  app.interactive = !kind.headless;  // the window and its benchmark: work on workers can be cancelled
  app.jobs.hold = app.interactive;   // whole-table work starts once the first frame is up
  // A picture waits only for the whole-table work of the slide it draws (--export-slides:
  // each slide's, as it comes to it); the layout report draws every slide.
  if (kind.headless && !o.layout_report)
    app.jobs.wanted = o.export_slides.empty() && o.export_worksheet.empty() ? slide_table_work(o.slide) : 0u;
  lv::app::use_tokenizer(app, tok.tokenizer, tok.error);
  lv::app::app_init(app, kind.window_loads ? seeded : o, file);
  if (const std::string e = lv::app::slide_values_error(app, o.slide_values); !e.empty()) return fail_usage(e);
  if (file) lv::app::use_model_tokenizer(app, tok.model, tok.model_error);
  if (kind.window_loads) lv::app::start_table_load(app, o.weights);
  freeze_at(app, o.slide, o.step);

  // A picture or a report shows the state asked for: a big seeded table is drawn first.
  if (kind.headless) lv::app::finish_jobs(app);
  // The slide's steps count the IDs (slides 2–4): checked (and the step shown again)
  // once they are the ones asked for.
  if (const std::string e = lv::app::slide_step_error(app, o.slide, app.jobs.has_pending ? -1 : o.step); !e.empty())
    return fail_usage(e);
  freeze_at(app, o.slide, o.step);
  return std::nullopt;
}

// 2b. The last session: restored when the app is opened with no model or view
// options (plain `lookupviz`), saved in every interactive run; --reset starts clean.
// *width, *height: the window's size, the session's unless --size chose one.
void restore_session(lv::app::App& app, const lv::CliOptions& o, bool has_file, int argc, char** argv,
                     lv::app::SessionSaver* saver, int* width, int* height) {
  std::string why;
  const std::string dir = lv::settings_dir(&why);
  if (dir.empty()) {
    std::fprintf(stderr, "lookupviz: your session will not be saved: %s\n", why.c_str());
    return;
  }
  saver->path = dir + "/" + lv::kSettingsFileName;
  // The recent tables (File ▸ Open recent), beside the session; a table given on the
  // command line (a file manager's "Open with") joins them.
  app.loading.recent_path = dir + "/" + lv::kRecentFilesName;
  app.loading.recent = lv::load_recent_files(app.loading.recent_path);
  if (has_file) lv::app::remember_opened(app, o.weights);
  if (o.reset || !restores_session(argc, argv)) return;
  const lv::SettingsLoad load = lv::load_settings_file(saver->path);
  if (!load.warning.empty()) std::fprintf(stderr, "lookupviz: %s\n", load.warning.c_str());
  if (!load.ok) return;
  lv::app::apply_session(app, load.settings);  // its table file opens once the window is up
  if (!o.size_given) {
    *width = std::clamp(load.settings.window_width, 320, 8192);
    *height = std::clamp(load.settings.window_height, 240, 8192);
  }
}

// File ▸ Open uses the desktop's dialog when there is one (LOOKUPVIZ_FILE_DIALOG=builtin
// keeps the in-app picker); headless runs never open one.
void choose_file_dialog(lv::app::App& app) {
  auto env = [](const char* name) {
    const char* v = std::getenv(name);
    return std::string(v ? v : "");
  };
  const std::string choice = env("LOOKUPVIZ_FILE_DIALOG");
  const bool portal = (choice.empty() || choice == "portal") && lv::app::portal_available();
  app.loading.dialog = lv::app::choose_dialogs(choice, portal, env("PATH"), env("XDG_CURRENT_DESKTOP"));
}

// What a mode leaves for after the window closes: its exit code, text for stdout, or an
// error for stderr (exit 1).
struct ModeResult {
  int rc = 0;
  std::string out;
  std::string error;
};

// --export-slides DIR: every slide at its last step, one PNG each.
std::string export_slides(lv::app::Platform& platform, lv::app::App& app, const std::string& dir) {
  mkdir(dir.c_str(), 0755);  // fine if it exists; a real failure shows on write
  std::string e;
  for (int k = 0; k < lv::app::slide_count() && e.empty(); ++k) {
    lv::app::want_table_work(app, slide_table_work(k));  // what is done stays done (the facts, the print)
    freeze_at(app, k, -1);
    char name[32];
    std::snprintf(name, sizeof name, "/slide-%02d.png", k);  // the slide's number
    e = render_png(platform, app, dir + name);
  }
  return e;
}

// --export-worksheet: the questions, each with its own state when drawn (--quiz-seed:
// as the quiz draws them), else the state's as --quiz-json gives them.
// (A drawn question's state is a seeded table: GPT-2's tokenizer is the one its slide 0 shows.
// This state's: the table's own when it has one.)
std::vector<lv::quiz::QuizItem> worksheet_questions(const lv::CliOptions& o, std::shared_ptr<const lv::TableFile> file,
                                                    const TokenizerLoaded& t) {
  if (o.quiz_seed)
    return lv::quiz::make_quiz(*o.quiz_seed, o.worksheet_count ? o.worksheet_count : lv::quiz::kWorksheetQuizCount,
                               t.tokenizer.get());
  std::vector<lv::quiz::QuizItem> items;
  for (lv::quiz::Question& q : lv::quiz::state_questions(lv::quiz::cli_model(o, std::move(file), t.active()), {}))
    items.push_back({lv::quiz::StateSpec{}, std::move(q)});
  if (o.worksheet_count > 0 && items.size() > static_cast<size_t>(o.worksheet_count))
    items.resize(static_cast<size_t>(o.worksheet_count));
  return items;
}

// FILE.md's folder must be there: say so before any window opens or picture is drawn.
std::string worksheet_folder_error(const std::string& md) {
  const size_t slash = md.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : md.substr(0, slash);
  struct stat st;
  if (stat(dir.c_str(), &st) != 0) return "cannot write " + md + ": " + std::strerror(errno);
  if (!S_ISDIR(st.st_mode)) return "cannot write " + md + ": " + dir + " is not a folder";
  return "";
}

// One worksheet picture: a drawn question's own state shown first (a fresh model, IDs
// typed); slide 0's question's text typed in Text mode, into a small seeded table whose V
// follows the IDs (slide 0 draws no table: a file's or --vocab's rows would refuse GPT-2's
// IDs, and the typed IDs' hint names the text's tokens); then the slide at the step
// before its reveal (its slide's SlideQuestion::picture: lv::app::question_picture).
std::string worksheet_picture(lv::app::Platform& p, lv::app::App& app, const lv::CliOptions& o,
                              const lv::quiz::QuizItem& item, bool drawn, const std::string& path) {
  const lv::quiz::PictureStep at = lv::app::question_picture(item.question);
  if (drawn || at.text_mode) {
    lv::CliOptions s = o;
    if (drawn) {
      s.seed = item.spec.seed;
      s.seed_text = std::to_string(item.spec.seed);
      s.ids = item.spec.ids;
      s.vocab = item.spec.vocab;
      s.dim = item.spec.dim;
      s.grad_seed.reset();  // a drawn state's G is all ones (quiz_draw.hpp build_model)
    }
    if (at.text_mode) {
      s.ids = {0};
      s.vocab.reset();
      s.dim = std::min<int64_t>(s.dim, 8);
    }
    s.dtype = lv::TableDtype::Float32;
    s.text.reset();
    s.weights.clear();
    app.ui.editor.ids_input = lv::app::IdsInput::Ids;
    lv::app::app_init(app, s, nullptr);
  }
  if (at.text_mode && item.question.params.text) {
    app.ui.editor.ids_input = lv::app::IdsInput::Text;
    lv::app::apply_text(app, *item.question.params.text);
  }
  // rows_moved: slide 9 trains as the question does (a drawn state: its IDs one a step at
  // lr 0.1) with the optimizer it names, alone: the question's slide is set up for a drawn
  // state, then shows what the question names.
  const int q_slide = std::clamp(item.question.slide, 0, lv::app::slide_count() - 1);
  const lv::app::SlideDef& asking = lv::app::slide_table()[static_cast<size_t>(q_slide)];
  if (drawn && asking.practice) asking.practice(lv::app::context_of(app, asking), lv::app::Practice::Fresh);
  for (const lv::app::SlideDef& s : lv::app::slide_table())
    if (s.show_question) s.show_question(lv::app::context_of(app, s), item.question);
  lv::app::finish_jobs(app);
  lv::app::want_table_work(app, slide_table_work(at.slide));
  freeze_at(app, at.slide, at.step);
  // The picture withholds what the slide withholds while it asks this question (its counts,
  // its Now line: slide 6's "15 additions" would answer lookup_copies on the same sheet).
  app.learn.pictured = item.question;
  app.learn.pictured->slide = at.slide;
  std::string e = render_png(p, app, path);
  app.learn.pictured.reset();
  return e;
}

// --export-worksheet FILE.md: the pictures first (beside FILE), then FILE, atomically,
// so the worksheet never links a picture that is not there. Slide 0's pictures of the
// state come last: they type its text (the state's other pictures show its IDs).
std::string export_worksheet(lv::app::Platform& p, lv::app::App& app, const lv::CliOptions& o,
                             const std::vector<lv::quiz::QuizItem>& questions) {
  const bool drawn = o.quiz_seed.has_value();
  std::vector<lv::quiz::WorksheetItem> items(questions.size());
  std::vector<size_t> order;
  for (int pass = 0; pass < 2; ++pass)
    for (size_t k = 0; k < questions.size(); ++k)
      if (drawn ? pass == 0 : (pass == 1) == lv::app::question_picture(questions[k].question).text_mode)
        order.push_back(k);
  for (size_t k : order) {
    const lv::quiz::Question& q = questions[k].question;
    lv::quiz::WorksheetItem& it = items[k];
    it.question = q;
    it.slide_title = lv::app::slide_table()[static_cast<size_t>(q.slide)].title;
    if (drawn) it.state = lv::quiz::state_words(questions[k].spec);
    const lv::quiz::PictureStep at = lv::app::question_picture(q);
    const std::string path = lv::quiz::picture_file(o.export_worksheet, static_cast<int>(k) + 1, at.slide, &it.picture);
    if (std::string e = worksheet_picture(p, app, o, questions[k], drawn, path); !e.empty()) return e;
    if (at.with_table) {  // the whole table beside it, of the same state (slide 1 at step 1)
      const std::string table =
          lv::quiz::picture_file(o.export_worksheet, static_cast<int>(k) + 1, 1, &it.table_picture);
      lv::app::want_table_work(app, slide_table_work(1));
      freeze_at(app, 1, 1);
      if (std::string e = render_png(p, app, table); !e.empty()) return e;
    }
  }
  const std::string table = o.weights.empty() ? "a " + lv::with_commas(lv::effective_vocab(o)) + " \u00d7 " +
                                                    lv::with_commas(o.dim) + " table"
                                              : "the table of " + o.weights;
  const std::string state = drawn ? "" : "seed " + o.seed_text + ", IDs [" + lv::format_ids(o.ids) + "], " + table;
  const std::string md = lv::quiz::worksheet_markdown(state, items);
  if (std::string e = lv::write_small_file(o.export_worksheet, md); !e.empty())
    return "cannot write " + o.export_worksheet + ": " + e;
  return "";
}

// 4a. Headless: report the layout, or render to PNG or GIF.
ModeResult run_headless(lv::app::Platform& platform, lv::app::App& app, const lv::CliOptions& o,
                        const std::vector<lv::quiz::QuizItem>& worksheet) {
  ModeResult r;
  if (!o.export_worksheet.empty()) {
    r.error = export_worksheet(platform, app, o, worksheet);
  } else if (o.layout_report) {
    r.out = layout_report_text(platform, app, o);
  } else if (!o.screenshot.empty()) {
    r.error = render_png(platform, app, o.screenshot);
  } else if (!o.export_gif.empty()) {
    draw_until_ready(platform, app);  // slide 7's GIF shows its heat map, not "Growing the table"
    r.error = lv::app::platform_export_gif(platform, app, o.export_gif);
  } else {
    r.error = export_slides(platform, app, o.export_slides);
  }
  return r;
}

// 4b. Interactive: draw when something changes, sleep otherwise (or --bench-frames N:
// time N frames and print the report).
ModeResult run_interactive(lv::app::Platform& platform, lv::app::App& app, const lv::CliOptions& o,
                           std::chrono::steady_clock::time_point started) {
  ModeResult r;
  lv::app::platform_frame(platform, app);
  lv::app::release_held_work(app);
  if (o.bench_frames > 0) {
    const double first_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    r.rc = o.bench_edits ? lv::app::run_edit_bench(platform, app, o.bench_frames, first_ms)
                         : lv::app::run_frame_bench(platform, app, o.bench_frames, o.slide_given ? o.slide : -1,
                                                    started, first_ms);
    return r;
  }
  while (lv::app::platform_wait(platform, app)) lv::app::platform_frame(platform, app);
  lv::app::end_dialogs();  // a file dialog still open does not outlive the window
  lv::app::session_save_at_quit(platform.session, app, lv::app::window_geometry(platform));
  return r;
}

}  // namespace

static int run(int argc, char** argv) {
  const auto started = std::chrono::steady_clock::now();
  // 1. The command line, and the modes that only print.
  lv::CliOptions o;
  if (Exit e = read_command_line(argc, argv, &o)) return *e;
  if (o.train_print) {  // the seeded table trained (core/train/): no tokenizer, no file
    std::fputs(lv::train_transcript(lv::train_print_options(o)).c_str(), stdout);
    return 0;
  }
  TokenizerLoaded tokenizer;
  const RunKind kind = run_kind(o);
  if (Exit e = tokenizer_modes(o, argv[0], opens_window(o, kind), &tokenizer)) return *e;
  std::shared_ptr<const lv::TableFile> file;
  lv::CliOptions seeded;
  if (Exit e = open_table(o, kind, &seeded, &file)) return *e;
  if (const lv::CliFamily* f = lv::cli_print_family(o))
    return print_slide_mode(*f, o, file);  // small: no budget to ask
  if (Exit e = check_budget(o, kind, file.get())) return *e;
  if (o.quiz_json) return print_quiz_json(o, file, tokenizer);
  if (o.nearest || o.norms) return print_nearest(o, file);
  if (o.map_json) return print_map(o, file);
  if (o.print) return print_transcript(o, file.get(), tokenizer);
  std::vector<lv::quiz::QuizItem> worksheet;  // --export-worksheet: its questions, before any window
  if (!o.export_worksheet.empty()) {
    if (!tokenizer.tokenizer) return fail(tokenizer.error);
    if (const std::string e = worksheet_folder_error(o.export_worksheet); !e.empty()) return fail(e);
    worksheet = worksheet_questions(o, file, tokenizer);
  }

  // 2. The model and the UI state; the last session.
  lv::app::App app;
  if (Exit e = init_app(app, o, kind, seeded, file, tokenizer)) return *e;
  if (tokenizer.window_text) lv::app::start_with_text(app, *tokenizer.window_text);
  lv::app::SessionSaver saver;
  int width = o.width, height = o.height;
  if (!kind.headless && o.bench_frames == 0)
    restore_session(app, o, file != nullptr, argc, argv, &saver, &width, &height);
  // The first launch (plain `lookupviz`, no session written yet) offers its one choice:
  // Learn / Present / Explore. The session saved afterwards means it never shows again.
  struct stat session_stat {};
  if (!kind.headless && o.bench_frames == 0 && argc == 1 && !saver.path.empty() &&
      stat(saver.path.c_str(), &session_stat) != 0 && errno == ENOENT)
    app.ui.welcome = true;
  // An output that is a FIFO or a device is refused before any window opens (the
  // writers check again when they write; this only saves rendering for nothing).
  for (const std::string* out : {&o.screenshot, &o.export_gif, &o.export_worksheet}) {
    if (out->empty()) continue;
    const lv::WriteTarget t = lv::resolve_write_target(*out);
    if (t.error != lv::WriteTargetError::None) return fail("cannot write " + *out + ": " + t.reason);
  }
  if (!kind.headless && o.bench_frames == 0) choose_file_dialog(app);

  // 3. The window, GL context, ImGui, backends, fonts.
  lv::app::Platform platform;
  if (o.bench_frames > 0) lv::app::install_allocation_counter();
  platform.session = std::move(saver);
  platform.fit_to_screen = !o.size_given;
  const std::string err = lv::app::platform_open(platform, width, height, kind.headless, o.scale, app);
  if (!err.empty()) return fail(err);
  lv::app::gl_heatmap_install();                   // the heat map shader (slide 7)
  lv::app::gl_map_points_install();                // the map's points (slide 7's view, the Map tab)
  lv::app::reopen_session_table(app);              // the last session's table, on a worker: the window is up first
  if (o.present || !o.export_worksheet.empty()) {  // a worksheet's pictures: the slide large, no code panels
    if (kind.headless) lv::app::platform_present_in_window(platform, app);
    else app.ui.present.toggle = true;  // full screen on the window's monitor, as F11
  }

  // 4. The mode: headless (a report, a picture) or interactive (the window, its benchmark).
  const ModeResult r =
      kind.headless ? run_headless(platform, app, o, worksheet) : run_interactive(platform, app, o, started);

  // 5. Cleanup, then what the mode has to say.
  lv::app::gl_heatmap_shutdown();
  lv::app::gl_map_points_shutdown();
  lv::app::platform_close(platform);
  std::fputs(r.out.c_str(), stdout);
  return r.error.empty() ? r.rc : fail(r.error);
}

int main(int argc, char** argv) {
  // Out of memory anywhere: one line and exit 1, never abort() (exit 134, a core dump).
  lv::app::install_out_of_memory_exit();
  lv::app::give_core_the_deck();  // core's --slide and session checks, and its quiz: the registry's
  try {
    return run(argc, argv);
  } catch (const std::bad_alloc&) {
    lv::app::exit_out_of_memory();
  }
}
