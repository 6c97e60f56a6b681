// ui_model_change_test.cpp — issue 27, item 1: the model (app/model/) apart from the view.
// Its setters take a Model (no App, no ImGui), return a Change and touch nothing else:
// a refused input says why and leaves the model as it was; the view (the editor bar)
// puts what the Change says on the editor's message line.
#include <gtest/gtest.h>

#include <string>

#include "app/state/app_edits.hpp"
#include "app/model/app_model.hpp"
#include "app/model/model_jobs.hpp"
#include "core/settings/cli_options.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

Model notebook_model() {
  Model m;
  const Change c = model_init(m, parse_cli({"lookupviz"}).options);
  EXPECT_TRUE(c.error.empty() && c.refused.empty()) << c.error << c.refused;
  return m;
}

// What a refused setter must not move.
struct Seen {
  IdList ids;
  uint64_t seed = 0;
  std::string seed_text;
  int64_t dim = 0, vocab = 0;
  size_t edits = 0;
  uint64_t edits_version = 0, generation = 0, outputs_version = 0;
  Matrix lookup_out;
  bool operator==(const Seen&) const = default;
};
Seen seen(const Model& m) {
  return {m.inputs.ids,           m.inputs.seed,        m.inputs.seed_text,
          m.inputs.dim,           m.derived.vocab,      m.inputs.edits->size(),
          m.inputs.edits_version, m.derived.generation, m.derived.outputs_version,
          m.derived.lookup_out};
}

TEST(ModelChange, ABadSetterReturnsItsErrorAndLeavesTheModelUntouched) {
  Model m = notebook_model();
  edit_cell(m, 1, 2, 0.5f);  // an edit the refusals must keep
  const Seen before = seen(m);

  Change c = set_ids_text(m, "2, x");
  EXPECT_NE(c.error.find("x"), std::string::npos) << c.error;
  EXPECT_EQ(seen(m), before);

  c = set_ids_text(m, "2, -1");
  EXPECT_NE(c.error.find("negative"), std::string::npos) << c.error;
  EXPECT_EQ(seen(m), before);

  c = set_seed_text(m, "not a seed");
  EXPECT_FALSE(c.error.empty());
  EXPECT_EQ(seen(m), before);

  c = ids_typed(m, "1, 2, y");
  EXPECT_FALSE(c.error.empty());
  EXPECT_EQ(seen(m), before);
  end_ids_edit(m, "", /*revert=*/true);  // Esc: the IDs it started from, computed again
  EXPECT_EQ(m.inputs.ids, before.ids);
  EXPECT_EQ(m.derived.lookup_out, before.lookup_out);

  const Seen after_edit = seen(m);
  c = set_text(m, "Hello");  // no tokenizer given to this model
  EXPECT_EQ(c.error, "GPT-2's tokenizer is not loaded");
  EXPECT_EQ(seen(m), after_edit);
}

TEST(ModelChange, AStatePastTheBudgetIsRefusedWithItsReasonAndNothingMoves) {
  Model m = notebook_model();
  m.budget = Budget{int64_t{1} << 40, 100'000.0};
  const Seen before = seen(m);
  const Change c = set_dim(m, 4000);
  EXPECT_NE(c.refused.find("3 IDs into a 4 × 4,000 table need about"), std::string::npos) << c.refused;
  EXPECT_FALSE(c.accepted);
  EXPECT_EQ(seen(m), before);
  // A state that fits is accepted: the view clears the reason it showed.
  const Change ok = set_dim(m, 6);
  EXPECT_TRUE(ok.refused.empty());
  EXPECT_TRUE(ok.accepted);
  EXPECT_EQ(m.derived.dim, 6);
}

// Typing a large table's ID applies nothing yet: the Change notes it (the model holds no message).
TEST(ModelChange, ALargeTableTypedIsANoteAndWaits) {
  Model m = notebook_model();
  const Seen before = seen(m);
  const Change c = ids_typed(m, "99999");
  EXPECT_TRUE(c.error.empty()) << c.error;
  EXPECT_NE(c.note.find("press Enter to build it"), std::string::npos) << c.note;
  EXPECT_EQ(seen(m), before);
}

// The model's generation moves with its outputs, by the model alone: the view's caches
// (the code panel) key on it.
TEST(ModelChange, TheGenerationMovesWithEveryAppliedChangeOnly) {
  Model m = notebook_model();
  const uint64_t g0 = m.derived.generation;
  set_ids_text(m, "2, x");
  EXPECT_EQ(m.derived.generation, g0);
  set_ids_text(m, "1, 0");
  EXPECT_GT(m.derived.generation, g0);
}

// What a setter's Change says reaches the editor bar's message line, as the user reads it.
TEST(ModelChange, ASettersChangeReachesTheEditorsMessageLine) {
  Headless h;
  h.init();
  h.frames(2);
  ASSERT_TRUE(h.replace_text("ids-text", "2, x"));
  Model probe = notebook_model();
  const std::string said = ids_typed(probe, "2, x").error;
  ASSERT_FALSE(said.empty());
  EXPECT_EQ(h.app.ui.editor.ids_error, said);
  EXPECT_TRUE(read_screen().contains(said)) << read_screen().all();
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 3, 1}));
  h.press(kEscape);
  h.frames(2);

  // A refusal: the reason and that the last state stays, on the same line.
  h.app.budget = Budget{int64_t{1} << 40, 100'000.0};
  take_change(h.app, set_dim(h.app, 4000));
  h.frames(2);
  const ScreenText s = read_screen();
  EXPECT_TRUE(s.contains("3 IDs into a 4 × 4,000 table need about")) << s.all();
  EXPECT_TRUE(s.contains("still showing the last state")) << s.all();
  EXPECT_EQ(h.app.derived.dim, 5);
}

}  // namespace
}  // namespace lv::app::test
