// attention_test.cpp — slide 10's attention (core/torch/attention.hpp) against real PyTorch
// 1.13: every seeded case of tests/golden/attention/ (made by make_goldens.sh with
// tests/oracle/attention_oracle.py --raw) bit for bit — attn_weights, context_vec and, after
// context_vec.sum().backward(), values.grad and W_value.weight.grad — with the largest
// difference printed when one differs; then the pieces: Sleef's expf, the softmax, the
// seeded rows without the table, the sharpness β's two ends, and the command line.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/settings/cli_options.hpp"
#include "core/torch/attention.hpp"
#include "core/torch/attention_cli.hpp"
#include "core/torch/embedding_ops.hpp"
#include "core/torch/embedding_rows.hpp"
#include "core/torch/torch_layers.hpp"
#include "core/torch/torch_softmax.hpp"

namespace {

const std::string kDir = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/attention/";

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// The "RAW <name>" sections of a .raw golden: rows of float32 bits in hex.
std::map<std::string, std::vector<std::vector<uint32_t>>> raw_sections(const std::string& text) {
  std::map<std::string, std::vector<std::vector<uint32_t>>> out;
  std::istringstream lines(text);
  std::string section;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("RAW ", 0) == 0) {
      section = line.substr(4);
      continue;
    }
    if (section.empty()) continue;  // the printed text before the first section
    std::istringstream words(line);
    std::vector<uint32_t> row;
    for (std::string w; words >> w;) row.push_back(static_cast<uint32_t>(std::stoul(w, nullptr, 16)));
    out[section].push_back(row);
  }
  return out;
}

// How far m is from torch's bits: elements that differ, and the largest |difference|.
struct Agreement {
  int64_t differ = 0;
  double largest = 0;
  bool shape_ok = true;
};
Agreement compare(const lv::Matrix& m, const std::vector<std::vector<uint32_t>>& want) {
  Agreement a;
  if (static_cast<int64_t>(want.size()) != m.rows()) return a.shape_ok = false, a;
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    if (static_cast<int64_t>(want[r].size()) != m.cols()) return a.shape_ok = false, a;
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      const float w = std::bit_cast<float>(want[r][c]);
      if (std::bit_cast<uint32_t>(m(r, c)) == want[r][c]) continue;
      ++a.differ;
      a.largest = std::max(a.largest, std::fabs(static_cast<double>(m(r, c)) - w));
    }
  }
  return a;
}

lv::CliOptions options(const std::string& args) {
  std::vector<std::string> argv = {"lookupviz", "--attention-print"};
  std::istringstream words(args);
  for (std::string w; words >> w;) argv.push_back(w);
  const lv::CliParse p = lv::parse_cli(argv);
  EXPECT_TRUE(p.ok) << args << ": " << p.error;
  return p.options;
}

// The flags' spec: --d-out, --beta and --no-mask set slide 10's slide values.
lv::AttentionSpec spec_of(const lv::CliOptions& o) { return lv::attention_spec_from(o.slide_values); }

TEST(AttentionGolden, SeededCasesMatchTorchBitForBit) {
  std::istringstream lines(slurp(kDir + "cases.txt"));
  int checked = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#' || line.find("--weights") != std::string::npos) continue;
    const std::string name = line.substr(0, line.find('\t'));
    const std::string args = line.substr(line.find('\t') + 1);
    const auto raw = raw_sections(slurp(kDir + name + ".raw"));
    ASSERT_EQ(raw.size(), 4u) << "missing or short golden " << kDir << name << ".raw";
    const lv::CliOptions o = options(args);
    lv::TorchGenerator gen(o.seed);
    const lv::Matrix x = lv::embedding_rows(lv::effective_vocab(o), o.dim, o.ids, gen);
    const lv::Attention a = lv::attention_forward(x, spec_of(o), gen);
    const lv::AttentionValueGrad g = lv::attention_value_backward(a, x);
    const std::pair<const char*, const lv::Matrix*> tensors[] = {{"attn_weights", &a.weights},
                                                                 {"context_vec", &a.context},
                                                                 {"values.grad", &g.values_grad},
                                                                 {"W_value.weight.grad", &g.w_value_grad}};
    for (const auto& [what, m] : tensors) {
      const Agreement ag = compare(*m, raw.at(what));
      EXPECT_TRUE(ag.shape_ok) << name << ": " << what << " has another shape than torch's";
      EXPECT_EQ(ag.differ, 0) << name << ": " << what << ", " << ag.differ << " values differ from torch's, by up to "
                              << ag.largest;
    }
    ++checked;
  }
  EXPECT_GE(checked, 12);
}

TEST(AttentionPieces, SleefExpMatchesTorchExp) {
  // torch.exp(torch.tensor([...])) on this machine's torch 1.13 (AVX2: Sleef_expf8_u10).
  const std::pair<float, uint32_t> cases[] = {{-1.0f, 0x3ebc5ab2},  {-0.5f, 0x3f1b4598},   {-10.0f, 0x383e6bce},
                                              {-87.5f, 0x006cb2bc}, {-103.9f, 0x00000001}, {-104.5f, 0},
                                              {0.0f, 0x3f800000},   {-1e-7f, 0x3f7ffffe}};
  for (const auto& [x, want] : cases) EXPECT_EQ(std::bit_cast<uint32_t>(lv::sleef_expf_u10(x)), want) << x;
  EXPECT_EQ(lv::sleef_expf_u10(-std::numeric_limits<float>::infinity()), 0.0f);
  EXPECT_TRUE(std::isinf(lv::sleef_expf_u10(101.0f)));
}

TEST(AttentionPieces, SoftmaxGivesMaskedPositionsZeroAndEqualScoresEqualWeights) {
  const float inf = std::numeric_limits<float>::infinity();
  float row[5] = {0.25f, -1.5f, -inf, 0.25f, -inf};
  lv::softmax_row(row, row, 5);
  EXPECT_EQ(row[2], 0.0f);
  EXPECT_EQ(row[4], 0.0f);
  EXPECT_EQ(row[0], row[3]);
  EXPECT_GT(row[0], row[1]);
  EXPECT_NEAR(row[0] + row[1] + row[3], 1.0, 1e-6);
  // 12 equal scores (past 8 lanes): each weight is exactly 1 * (1 / 12).
  std::vector<float> flat(12, 3.0f);
  lv::softmax_row(flat.data(), flat.data(), 12);
  for (float w : flat) EXPECT_EQ(w, 1.0f / 12.0f);
}

TEST(AttentionPieces, SeededRowsEqualTheWholeTablesRowsAndLeaveTheGeneratorAlike) {
  // V·D below 16 (one Box–Muller each), a multiple of 16, and tails of 5 and 15 values
  // (IDs in the tail, which is drawn again), and a table of 2,000 x 7.
  const struct {
    int64_t vocab, dim;
    lv::IdList ids;
  } cases[] = {{3, 3, {2, 0, 2}},
               {4, 4, {3, 1}},
               {3, 7, {2, 2, 0, 1}},
               {7, 3, {6, 5, 0}},
               {17, 1, {16, 0, 9}},
               {5, 40, {4, 0, 2}},
               {2000, 7, {1999, 0, 1000, 1999}}};
  for (const auto& c : cases) {
    lv::TorchGenerator whole(99), rows(99);
    const lv::Matrix want = lv::lookup(lv::embedding_init(c.vocab, c.dim, whole), c.ids);
    const lv::Matrix got = lv::embedding_rows(c.vocab, c.dim, c.ids, rows);
    EXPECT_TRUE(lv::torch_equal(got, want)) << c.vocab << " x " << c.dim;
    EXPECT_EQ(rows.random(), whole.random()) << c.vocab << " x " << c.dim << ": the generator ends elsewhere";
    EXPECT_EQ(rows.next_double_normal_sample, whole.next_double_normal_sample);
  }
}

TEST(AttentionSharpness, BetaZeroIsTheMeanOfTheVisibleRows) {
  const lv::CliOptions o = options("--seed 7 --ids 0,4,4,9,2 --dim 6 --d-out 3 --beta 0");
  lv::TorchGenerator gen(o.seed);
  const lv::Matrix x = lv::embedding_rows(lv::effective_vocab(o), o.dim, o.ids, gen);
  const lv::Attention a = lv::attention_forward(x, spec_of(o), gen);
  for (Eigen::Index i = 0; i < a.weights.rows(); ++i)
    for (Eigen::Index j = 0; j < a.weights.cols(); ++j) {
      EXPECT_EQ(a.weights(i, j), j <= i ? 1.0f / static_cast<float>(i + 1) : 0.0f) << i << ", " << j;
      if (j > i) EXPECT_EQ(a.scores(i, j), -std::numeric_limits<float>::infinity());
    }
  for (Eigen::Index c = 0; c < a.context.cols(); ++c) EXPECT_NEAR(a.context(4, c), a.values.col(c).mean(), 1e-6);
  // Every position is seen by the last query at least: every value row gets a gradient.
  EXPECT_EQ(lv::attention_value_backward(a, x).rows_with_gradient, 5);
}

TEST(AttentionSharpness, LargeBetaCopiesOneValueRowTheLookupAgain) {
  const lv::CliOptions o = options("--seed 11 --ids 3,1,4,0,5,9,2,6 --dim 12 --d-out 8 --beta 1000 --no-mask");
  lv::TorchGenerator gen(o.seed);
  const lv::Matrix x = lv::embedding_rows(lv::effective_vocab(o), o.dim, o.ids, gen);
  const lv::Attention a = lv::attention_forward(x, spec_of(o), gen);
  int one_hot = 0;
  std::set<Eigen::Index> reached;  // positions some query gives a weight > 0
  for (Eigen::Index i = 0; i < a.weights.rows(); ++i) {
    for (Eigen::Index j = 0; j < a.weights.cols(); ++j)
      if (a.weights(i, j) > 0.0f) reached.insert(j);
    Eigen::Index top = 0;
    a.weights.row(i).maxCoeff(&top);
    if (a.weights(i, top) != 1.0f) {  // two scores too close for β = 1000: still a mix
      EXPECT_EQ(lv::one_hot_position(a, i), -1) << i;
      continue;
    }
    ++one_hot;
    EXPECT_EQ(lv::one_hot_position(a, i), top) << i;
    EXPECT_EQ(lv::hard_limit_position(a, i, false), top) << i;  // the limit, reached
    // 1 * v + 0 * (the others), summed from +0: the value row's bits exactly.
    for (Eigen::Index c = 0; c < a.context.cols(); ++c) EXPECT_EQ(a.context(i, c), a.values(top, c)) << i;
  }
  EXPECT_GE(one_hot, 6);
  // Only the value rows a weight reaches get a gradient; the others are nobody's lookup.
  EXPECT_EQ(lv::attention_value_backward(a, x).rows_with_gradient, static_cast<int64_t>(reached.size()));
  EXPECT_LT(reached.size(), 8u);
}

TEST(AttentionSharpness, RepeatedIdsShareTheLimitAndNoRowIsCopied) {
  // IDs 1 at positions 1 and 3 have the same key: query 3 sees both, and at β = 1000 torch
  // gives each 0.5 (the golden beta1000_one_hot); the limit copies no single row.
  const lv::CliOptions o = options("--seed 11 --ids 3,1,4,1,5,9,2,6 --dim 12 --d-out 8 --beta 1000");
  lv::TorchGenerator gen(o.seed);
  const lv::Matrix x = lv::embedding_rows(lv::effective_vocab(o), o.dim, o.ids, gen);
  const lv::Attention a = lv::attention_forward(x, spec_of(o), gen);
  EXPECT_EQ(a.weights(3, 1), 0.5f);
  EXPECT_EQ(a.weights(3, 3), 0.5f);
  EXPECT_EQ(lv::one_hot_position(a, 3), -1);
  EXPECT_EQ(lv::hard_limit_position(a, 3, true), -1);
  EXPECT_EQ(lv::one_hot_position(a, 0), 0);  // the first query sees only itself
  EXPECT_EQ(lv::hard_limit_position(a, 0, true), 0);
  EXPECT_EQ(lv::one_hot_position(a, 2), 0);
  EXPECT_EQ(lv::hard_limit_position(a, 2, true), 0);
}

TEST(AttentionSharpness, TheBillCountsEveryPosition) {
  const lv::AttentionCost c = lv::attention_cost(5, 3, 2);
  EXPECT_EQ(c.projection_madds, 3 * 5 * 3 * 2);
  EXPECT_EQ(c.score_madds, 5 * 5 * 2);
  EXPECT_EQ(c.mix_madds, 5 * 5 * 2);
  EXPECT_EQ(c.lookup_copies, 5 * 3);
}

TEST(AttentionCommandLine, OptionsParseWithTheirDefaults) {
  const lv::CliOptions d = options("");
  EXPECT_EQ(d.slide_print, "--attention-print");
  EXPECT_EQ(spec_of(d).d_out, 2);
  EXPECT_EQ(spec_of(d).beta, 1.0);
  EXPECT_TRUE(spec_of(d).causal);
  const lv::CliOptions o = options("--d-out 64 --beta=0.5 --no-mask --seed -3 --ids 1,1");
  EXPECT_EQ(spec_of(o).d_out, 64);
  EXPECT_EQ(spec_of(o).beta, 0.5);
  EXPECT_FALSE(spec_of(o).causal);
  EXPECT_EQ(spec_of(options("--beta 1e3")).beta, 1000.0);
  EXPECT_EQ(spec_of(options("--beta 0")).beta, 0.0);
  // The flags and --slide-value set the same values: both at once is refused.
  const lv::CliParse both =
      lv::parse_cli({"lookupviz", "--attention-print", "--beta", "2", "--slide-value", "attention.beta=3"});
  EXPECT_FALSE(both.ok);
  EXPECT_EQ(both.error, "--slide-value sets attention.beta twice, or an option set it too: give it once");
  const std::string help = lv::cli_help_text();
  for (const char* flag : {"--attention-print", "--d-out N", "--beta B", "--no-mask"})
    EXPECT_NE(help.find(flag), std::string::npos) << flag;
}

}  // namespace
