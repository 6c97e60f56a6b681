// ui_attention_test.cpp — slide 10's controls in the window (issue 42): slide 8's positions
// added to x (pos_emb drawn after the table, before the three projections), in the grid's
// heading, the code panel and what PyTorch prints; --positions sets it up; the numbers are
// --attention-print's (itself checked against PyTorch by oracle.attention_parity).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/deck/slide_host.hpp"
#include "app/deck/slide_nav.hpp"
#include "core/torch/attention_cli.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

struct Panels {
  std::string code, output;
};

Panels panels(Headless& h) {
  Panels p;
  kSlideAttention.draw.code(context_of(h.app, kSlideAttention), p.code, p.output);
  return p;
}

// The rows of a printed tensor after `>>> name` (up to the next prompt).
std::string printed(const std::string& output, const std::string& name) {
  const size_t at = output.find(">>> " + name + "\n");
  if (at == std::string::npos) return "";
  const size_t from = at + name.size() + 5, to = output.find(">>> ", from);
  return output.substr(from, to == std::string::npos ? std::string::npos : to - from);
}

TEST(UiAttention, PositionsAddSlide8sPosEmbToX) {
  Headless h;
  h.init({"lookupviz", "--ids", "5,2,5,0", "--dim", "6", "--d-out", "3"});
  go_to_slide(h.app, 10);
  h.frames(3);
  const Panels off = panels(h);
  EXPECT_EQ(off.code.find("pos_emb"), std::string::npos) << off.code;
  EXPECT_NE(off.code.find("x = embedding(idx)\n"), std::string::npos) << off.code;

  restore_slide_values(h.app, {{"attention.positions", "true"}});
  h.frames(3);
  const Panels on = panels(h);
  // pos_emb is drawn before CausalAttention draws its three layers, as a GPT makes them.
  const size_t pos = on.code.find("pos_emb = torch.nn.Embedding(len(idx), out_dim)");
  ASSERT_NE(pos, std::string::npos) << on.code;
  EXPECT_LT(pos, on.code.find("ca = CausalAttention(")) << on.code;
  EXPECT_NE(on.code.find("x = embedding(idx) + pos_emb(torch.arange(len(idx)))\n"), std::string::npos) << on.code;
  // Other numbers: the projections are drawn after pos_emb, and x moved.
  EXPECT_NE(printed(on.output, "ca.queries"), printed(off.output, "ca.queries"));
  // The weights are printed (--attention-print --positions, checked against PyTorch, prints the same numbers).
  const std::string weights = printed(on.output, "ca.attn_weights");
  ASSERT_FALSE(weights.empty()) << on.output;
  const ScreenText s = read_screen();
  EXPECT_TRUE(s.contains("x = embedding(idx) + pos_emb")) << s.all();

  // --positions sets the window's slide up (and Learn's questions read it).
  Headless cli;
  cli.init({"lookupviz", "--ids", "5,2,5,0", "--dim", "6", "--d-out", "3", "--positions"});
  go_to_slide(cli.app, 10);
  cli.frames(3);
  EXPECT_EQ(panels(cli).output, on.output);
  quiz::QuizModel m;
  kSlideAttention.quiz_model(context_of(cli.app, kSlideAttention), m);
  EXPECT_TRUE(attention_spec_from(m.slide_values).positions);
}

}  // namespace
}  // namespace lv::app::test
