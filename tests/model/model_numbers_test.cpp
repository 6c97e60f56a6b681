// model_numbers_test.cpp — the numbers behind slides 6 and 8, against torch's own output
// (made with /usr/bin/python3 and torch 1.13, pasted below).
#include <gtest/gtest.h>

#include "app/model/app_model.hpp"
#include "core/settings/cli_options.hpp"

namespace lv::app {
namespace {

Model notebook_model(std::vector<std::string> args = {"lookupviz"}) {
  Model app;
  model_init(app, parse_cli(args).options);
  return app;
}

// torch.manual_seed(123); tok = Embedding(4, 5); pos = Embedding(3, 5);
// x = tok(idx) + pos(arange(3)); head.weight = tok.weight; head(x)
TEST(GptSlideModel, TiedHeadMatchesTorch) {
  Model app = notebook_model();
  const Derived& d = app.derived;
  EXPECT_EQ(d.print_x, "tensor([[ 0.2248, -2.2330, -1.1872,  1.7475, -1.0201],\n"
                       "        [-3.7303, -1.7450, -1.8183,  0.6688,  0.3938],\n"
                       "        [ 0.5719,  1.1535, -0.6806, -0.6772, -0.7122]], grad_fn=<AddBackward0>)");
  EXPECT_EQ(d.print_logits, "tensor([[-1.8072, -2.1876,  6.7780,  1.2638],\n"
                            "        [-0.1671, -6.9788,  2.6324, 14.5673],\n"
                            "        [-0.5334,  2.7465, -0.6673, -1.8606]], grad_fn=<MmBackward0>)");
  EXPECT_EQ(d.print_next, "tensor([2, 3, 1])");
}

// More than 6 positions and over 1,000 logits: torch prints the first 3 rows and the
// last 3 (rows 4, 5, 6), not rows 3, 4, 5 (the edges held every row and were read as
// if they held only the edge rows).
// torch.manual_seed(123); tok = Embedding(200, 5); pos = Embedding(7, 5); tied head
TEST(GptSlideModel, ManyPositionsPrintTheirLastRowsLast) {
  Model app = notebook_model({"lookupviz", "--ids", "0,1,2,3,4,5,6", "--vocab", "200"});
  EXPECT_EQ(app.derived.print_logits, "tensor([[ 1.5138, -2.6443, -3.6768,  ..., -1.6584,  6.2543,  2.9759],\n"
                                      "        [-2.0702,  1.1325,  3.8596,  ...,  5.3006, -1.9455,  2.2784],\n"
                                      "        [-0.2722, -1.5589,  1.3751,  ...,  2.5679,  2.6668,  2.6169],\n"
                                      "        ...,\n"
                                      "        [ 1.0061, -1.2005, -5.8223,  ..., -3.2560,  2.9522,  1.2951],\n"
                                      "        [ 0.9802, -4.0329, -9.9954,  ..., -5.6216,  2.5579, -0.4997],\n"
                                      "        [ 0.0901,  2.6369,  3.7850,  ...,  2.0150, -2.4657, -6.3453]],\n"
                                      "       grad_fn=<MmBackward0>)");
}

// The same without tying: head = Linear(5, 4, bias=False) drawn after pos_emb.
TEST(GptSlideModel, UntiedHeadMatchesTorch) {
  Model app = notebook_model();
  set_tie_weights(app, false);
  EXPECT_EQ(app.derived.print_logits, "tensor([[-0.2309,  0.2585, -1.0177, -0.1147],\n"
                                      "        [ 0.6053,  0.9530, -0.7826,  0.8585],\n"
                                      "        [-0.2345,  0.1883,  0.1337, -0.2730]], grad_fn=<MmBackward0>)");
}

TEST(BackwardSlideModel, RepeatedIdsAccumulateAndBothPathsAgree) {
  Model app = notebook_model({"lookupviz", "--ids", "2,3,2"});
  const Derived& d = app.derived;
  EXPECT_TRUE(d.grads_equal);
  EXPECT_EQ(d.distinct_ids, 2);
  EXPECT_EQ(d.grads.at(2, 0), 2.0f);
  EXPECT_EQ(d.grads.at(3, 4), 1.0f);
  EXPECT_EQ(d.grads.at(0, 0), 0.0f);
  EXPECT_EQ(d.print_dw_lookup, "tensor([[0., 0., 0., 0., 0.],\n"
                               "        [0., 0., 0., 0., 0.],\n"
                               "        [2., 2., 2., 2., 2.],\n"
                               "        [1., 1., 1., 1., 1.]])");
  EXPECT_EQ(d.matmul_bwd_bill.multiply_adds, 3 * 4 * 5);
}

// torch.manual_seed(5); G = torch.randn(3, 5) — the first value, as torch draws it.
TEST(BackwardSlideModel, SeededGradientIsTorchRandn) {
  Model app = notebook_model();
  set_grad_mode(app, GradMode::Seeded, 5);
  const Derived& d = app.derived;
  ASSERT_EQ(d.grad_out.rows(), 3);
  EXPECT_EQ(d.print_grad_out, "tensor([[-0.4868, -0.6038, -0.5581,  0.6675, -0.1974],\n"
                              "        [ 1.9428, -1.4017, -0.7626,  0.6312, -0.8991],\n"
                              "        [-0.5578,  0.6907,  0.2225, -0.6662,  0.6846]])");
  EXPECT_TRUE(d.grads_equal);
}

}  // namespace
}  // namespace lv::app
