// slide_value_cli_test.cpp — `lookupviz --slide-value NAME=VALUE,...` through the real binary:
// malformed pairs, a repeated name, a name no slide has and a value a slide cannot use exit 2
// with one line that says which; a printing mode refuses it (it draws no slide); --help names it.
// (That the values set the slides' controls: ui.UiSession.SlideValuesFromTheCommandLine…; the
// picture of slide 7's map view it allows: tests/render/scale_map_e2e.sh.)
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "run_binary.hpp"
#include "usage_error.hpp"

namespace {

using Args = std::vector<std::string>;

void expect_usage_error(const Args& args, const std::string& message) {
  lvtest::expect_usage_error(args, message, true);
}

TEST(SlideValueCli, BadPairsExitTwoWithOneLine) {
  const std::string pairs = "--slide-value takes NAME=VALUE pairs";
  expect_usage_error({"--slide-value", "scale.view", "--slide", "7", "--screenshot", "/tmp/lv-never.png"},
                     pairs + ", NAME of a-z, 0-9, _ and ., VALUE of letters, digits, _ . + -, each at most 32 "
                             "characters (got “scale.view”)");
  expect_usage_error({"--slide-value", "Scale.view=map", "--screenshot", "/tmp/lv-never.png"}, pairs);
  expect_usage_error({"--slide-value", "scale.view=map,", "--screenshot", "/tmp/lv-never.png"}, pairs);
  expect_usage_error({"--slide-value", "scale.view=m p", "--screenshot", "/tmp/lv-never.png"}, pairs);
  expect_usage_error({"--slide-value=", "--screenshot", "/tmp/lv-never.png"}, "--slide-value needs NAME=VALUE");
  expect_usage_error({"--slide-value", "scale.view=map,scale.view=heatmap", "--screenshot", "/tmp/lv-never.png"},
                     "--slide-value sets scale.view twice, or an option set it too: give it once");
  expect_usage_error({"--slide-value", "scale.view=map", "--slide-value", "attention.beta=2"},
                     "--slide-value is given twice");
  expect_usage_error({"--print", "--slide-value", "scale.view=map"},
                     "--slide-value sets the controls of slides drawn (the window, --screenshot, --export-slides, "
                     "...): a mode that prints draws none");
  expect_usage_error({"--quiz-json", "--slide-value", "attention.beta=2"}, "--slide-value sets the controls of slides");
  expect_usage_error({"--attention-print", "--slide-value", "attention.beta=2"},
                     "--slide-value sets the controls of slides");
}

// Checked by the slides once the app holds them, before any window opens (no X server needed).
TEST(SlideValueCli, ANameNoSlideHasOrAValueItCannotUseIsRefused) {
  expect_usage_error({"--slide-value", "scale.view=maps", "--slide", "7", "--screenshot", "/tmp/lv-never.png"},
                     "--slide-value scale.view=maps: the slide cannot use that value (the slides' values now: "
                     "scale.view=heatmap, attention.beta=1, attention.d_out=2, attention.mask=true");
  expect_usage_error({"--slide-value", "attention.d_out=65", "--screenshot", "/tmp/lv-never.png"},
                     "--slide-value attention.d_out=65: the slide cannot use that value");
  expect_usage_error({"--slide-value", "scale.zoom=2", "--screenshot", "/tmp/lv-never.png"},
                     "--slide-value scale.zoom=2: no slide has a value of that name");
}

TEST(SlideValueCli, HelpNamesIt) {
  const lvtest::RunResult r = lvtest::run_binary({"--help"});
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("--slide-value NAME=VALUE[,NAME=VALUE...]"), std::string::npos);
  EXPECT_NE(r.out.find("scale.view=map (slide 7's map view)"), std::string::npos);
}

}  // namespace
