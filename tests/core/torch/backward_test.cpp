// backward_test.cpp — the backward pass of both paths against real PyTorch, bit for
// bit, and torch's printed text of the gradients. Goldens: tests/golden/backward/
// backward_goldens.txt (make_goldens.py, torch 1.13). G is not stored for big cases:
// torch.randn(B, D) after manual_seed(s2) is rebuilt here with core's generator and
// checked by hash before use.
//
// Summation order: torch's lookup backward adds the rows of G into +0 in batch order
// (embedding_dense_backward_cpu); core does the same, so emb.weight.grad is bit-exact
// in every case. torch's one-hot backward is a BLAS sgemm (OpenBLAS on Debian), whose
// order depends on the CPU micro-kernel, threads and shape. With each ID at most twice
// in the batch every order gives the same bits; with 3+ repeats the last bit can differ
// (the golden's paths_agree 0: torch's own two gradients disagree there). core's
// one-hot backward sums in batch order like reference BLAS, so it always equals core's
// lookup backward; where torch's paths agree it is bit-exact with torch, elsewhere it
// is checked to be within rounding of torch's.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/torch/embedding_ops.hpp"
#include "core/torch/torch_format.hpp"
#include "core/torch/torch_random.hpp"

namespace {

struct Values {
  size_t count = 0;
  uint64_t hash = 0;
  std::vector<uint32_t> bits;  // empty when count > 512
};

struct Case {
  std::string name, grad;
  int64_t vocab = 0, dim = 0;
  uint64_t seed = 0;
  lv::IdList ids;
  Values g, lookup_grad, onehot_grad;
  bool paths_agree = true;  // torch's two gradients equal bit for bit
  std::string repr_lookup, repr_onehot;
};

uint64_t fnv1a64(const float* p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t b = std::bit_cast<uint32_t>(p[i]);
    for (int k = 0; k < 4; ++k) h = (h ^ ((b >> (8 * k)) & 0xffu)) * 0x100000001b3ULL;
  }
  return h;
}

std::vector<Case> load_cases() {
  std::ifstream in(std::string(LOOKUPVIZ_GOLDEN_DIR) + "/backward/backward_goldens.txt");
  std::vector<Case> cases;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string word;
    ls >> word;
    if (word == "case") {
      Case c;
      ls >> c.name >> c.vocab >> c.dim >> c.seed >> c.grad;
      cases.push_back(c);
    } else if (word == "ids") {
      int64_t id;
      while (ls >> id) cases.back().ids.push_back(id);
    } else if (word == "G" || word == "lookup_grad" || word == "onehot_grad") {
      Values& v = word == "G"             ? cases.back().g
                  : word == "lookup_grad" ? cases.back().lookup_grad
                                          : cases.back().onehot_grad;
      std::string count_word, fnv_word;
      ls >> count_word >> v.count >> fnv_word >> std::hex >> v.hash;
      if (v.count <= 1024) {
        while (v.bits.size() < v.count && std::getline(in, line)) {
          std::istringstream vs(line);
          uint32_t b;
          while (vs >> std::hex >> b) v.bits.push_back(b);
        }
      }
    } else if (word == "paths_agree") {
      int a = 1;
      ls >> a;
      cases.back().paths_agree = a != 0;
    } else if (word == "repr_lookup" || word == "repr_onehot") {
      int k = 0;
      ls >> k;
      std::string text;
      for (int i = 0; i < k && std::getline(in, line); ++i) text += (i ? "\n" : "") + line;
      (word == "repr_lookup" ? cases.back().repr_lookup : cases.back().repr_onehot) = text;
    }
  }
  return cases;
}

// The upstream gradient the case used: all ones, or torch.randn(B, D) after manual_seed(s2).
lv::Matrix upstream(const Case& c) {
  const auto b = static_cast<Eigen::Index>(c.ids.size());
  if (c.grad == "ones") return lv::Matrix::Ones(b, c.dim);
  lv::Matrix g(b, c.dim);
  lv::TorchGenerator gen(std::stoull(c.grad.substr(6)));
  lv::normal_(g.data(), static_cast<size_t>(g.size()), 0.0, 1.0, gen);
  return g;
}

void expect_values(const Values& want, const lv::Matrix& got, const std::string& what) {
  ASSERT_EQ(static_cast<size_t>(got.size()), want.count) << what;
  EXPECT_EQ(fnv1a64(got.data(), want.count), want.hash) << what << " (hash of all bits)";
  for (size_t i = 0; i < want.bits.size(); ++i)
    ASSERT_EQ(std::bit_cast<uint32_t>(got.data()[i]), want.bits[i]) << what << " element " << i;
}

// Big reprs: report the first differing line rather than two pages of text.
void expect_same_text(const std::string& got, const std::string& want, const std::string& what) {
  if (got == want) return;
  std::istringstream a(got), b(want);
  std::string la, lb;
  for (int line = 1;; ++line) {
    const bool ha = static_cast<bool>(std::getline(a, la)), hb = static_cast<bool>(std::getline(b, lb));
    if (!ha && !hb) break;
    if (la != lb || ha != hb) {
      ADD_FAILURE() << what << " differs at line " << line << "\n  got:  " << la << "\n  want: " << lb;
      return;
    }
  }
}

class BackwardGolden : public ::testing::TestWithParam<size_t> {};

std::vector<Case>& all_cases() {
  static std::vector<Case> c = load_cases();
  return c;
}

TEST(BackwardGoldens, FileHasTheCases) { ASSERT_EQ(all_cases().size(), 17u); }

TEST_P(BackwardGolden, BothPathsAgainstTorch) {
  ASSERT_LT(GetParam(), all_cases().size());
  const Case& c = all_cases()[GetParam()];
  SCOPED_TRACE(c.name);
  const lv::Matrix g = upstream(c);
  expect_values(c.g, g, "G");

  const lv::Matrix dw = lv::lookup_backward(c.ids, g, c.vocab);  // V x D: emb.weight.grad
  expect_values(c.lookup_grad, dw, "lookup_grad");
  expect_same_text(lv::repr_tensor(dw), c.repr_lookup, "repr of emb.weight.grad");

  // lin.weight.grad is D x V: the transpose of Xᵀ G.
  const lv::Matrix dw_lin = lv::onehot_backward(lv::one_hot_float(c.ids, c.vocab), g).transpose();
  // The point of slide 6: same numbers, different work (core sums both in batch order).
  ASSERT_EQ(dw_lin.rows(), c.dim);
  for (Eigen::Index i = 0; i < dw.size(); ++i)
    ASSERT_EQ(std::bit_cast<uint32_t>(dw.data()[i]), std::bit_cast<uint32_t>(dw_lin(i % c.dim, i / c.dim)))
        << "element " << i;
  if (c.paths_agree) {
    expect_values(c.onehot_grad, dw_lin, "onehot_grad");
    expect_same_text(lv::repr_tensor(dw_lin), c.repr_onehot, "repr of lin.weight.grad");
  } else {
    // torch's BLAS summed some repeated IDs in another order: same numbers up to rounding.
    ASSERT_EQ(c.onehot_grad.bits.size(), static_cast<size_t>(dw_lin.size())) << "store these values";
    int differ = 0;
    for (Eigen::Index i = 0; i < dw_lin.size(); ++i) {
      const float want = std::bit_cast<float>(c.onehot_grad.bits[static_cast<size_t>(i)]);
      EXPECT_NEAR(dw_lin.data()[i], want, 1e-4f * (1.0f + std::fabs(want))) << "element " << i;
      differ += dw_lin.data()[i] != want;
    }
    EXPECT_GT(differ, 0) << "torch's paths disagree here, so core's batch-order sum should too";
  }
}

INSTANTIATE_TEST_SUITE_P(BackwardTorch, BackwardGolden, ::testing::Range<size_t>(0, 17),
                         [](const ::testing::TestParamInfo<size_t>& info) {
  return info.param < all_cases().size() ? all_cases()[info.param].name : "missing_" + std::to_string(info.param);
});

// Summation order is visible: a + b + c in batch order differs from other orders here.
TEST(BackwardOrder, RepeatedIdsSumInBatchOrderFromPositiveZero) {
  lv::Matrix g(3, 1);
  g << 1.0f, 1e8f, -1e8f;  // (0 + 1) + 1e8 - 1e8 = 0, but 1 + (1e8 - 1e8) = 1
  const lv::IdList ids = {0, 0, 0};
  const lv::Matrix a = lv::lookup_backward(ids, g, 1);
  const lv::Matrix b = lv::onehot_backward(lv::one_hot_float(ids, 1), g);
  EXPECT_EQ(a(0, 0), 0.0f);
  EXPECT_EQ(b(0, 0), 0.0f);
  // -0 upstream into an untouched start of +0 gives +0 (torch prints "0.", not "-0.").
  lv::Matrix z(1, 1);
  z << -0.0f;
  EXPECT_FALSE(std::signbit(lv::lookup_backward({0}, z, 2)(0, 0)));
  EXPECT_FALSE(std::signbit(lv::onehot_backward(lv::one_hot_float({0}, 2), z)(0, 0)));
  EXPECT_FALSE(std::signbit(lv::onehot_backward(lv::one_hot_float({0}, 2), -lv::Matrix::Ones(1, 1))(1, 0)));
}

}  // namespace
