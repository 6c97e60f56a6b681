// torch_layers_test.cpp — nn.Embedding / nn.Linear initial weights against real
// PyTorch, bit for bit: the notebook's seed-123 tables inline, then every case of
// tests/golden/weights/init_goldens.txt (made by make_goldens.py with torch 1.13).
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/torch/torch_format.hpp"
#include "core/torch/torch_layers.hpp"
#include "core/torch/torch_random.hpp"

namespace {

using lv::TorchGenerator;

std::vector<uint32_t> bits_of(const float* p, size_t n) {
  std::vector<uint32_t> b(n);
  for (size_t i = 0; i < n; ++i) b[i] = std::bit_cast<uint32_t>(p[i]);
  return b;
}

TEST(TorchLayers, NotebookEmbeddingSeed123) {
  // torch.manual_seed(123); nn.Embedding(4, 5).weight  (prints 0.3374, -0.1778, ...)
  const std::vector<uint32_t> want = {0x3eacbbc9, 0xbe360b3b, 0xbe9b67f8, 0xbf1687f2, 0x3fca5d36,  //
                                      0x3fa6887a, 0x3fa33d12, 0xbe4dc6a6, 0xbe246ad5, 0xbecd8fd6,  //
                                      0x3f321afa, 0xbfe72cbc, 0xbf9455c8, 0x3ea6a423, 0xbf21aa56,  //
                                      0xc035c276, 0xbf48ec26, 0xbfb46cdf, 0xbed0b478, 0x3f4b9a7e};
  TorchGenerator g(123);
  const lv::Matrix w = lv::embedding_init(4, 5, g);
  ASSERT_EQ(w.rows(), 4);
  ASSERT_EQ(w.cols(), 5);
  EXPECT_EQ(bits_of(w.data(), 20), want);
  EXPECT_NEAR(w(3, 0), -2.8400, 5e-5);  // the notebook's printed corner
}

TEST(TorchLayers, NotebookLinearSeed123) {
  // torch.manual_seed(123); nn.Linear(4, 5, bias=False).weight; row 0 prints as
  // -0.20388806, 0.01656228, -0.24832928, 0.18855679.
  const std::vector<uint32_t> want = {0xbe50c808, 0x3c87ada0, 0xbe7e4a08, 0x3e411508, 0xbeda2048,
                                      0x3ebba8c4, 0xbeba1234, 0xbecb87de, 0xbea1c35a, 0x3e67e1a8,
                                      0xbe3d2e14, 0x3e3f98e4, 0xbed94654, 0xbe9b523e, 0xbe3bfe80,
                                      0xbdc93c78, 0xbec34b04, 0x3ea7a05e, 0xbdf17db8, 0x3e245880};
  TorchGenerator g(123);
  const lv::LinearInit l = lv::linear_init(4, 5, false, g);
  ASSERT_EQ(l.weight.rows(), 5);
  ASSERT_EQ(l.weight.cols(), 4);
  EXPECT_TRUE(l.bias.empty());
  EXPECT_EQ(bits_of(l.weight.data(), 20), want);
  EXPECT_EQ(l.weight(0, 0), -0.20388806f);
  EXPECT_EQ(l.weight(0, 3), 0.18855679f);
}

// ---------------------------------------------------------------- golden file

struct GoldenCase {
  std::string name, ops;
  uint64_t seed = 0;
  size_t count = 0;
  uint64_t hash = 0;
  std::vector<uint32_t> values;  // empty for big cases: the hash decides
};

std::vector<GoldenCase> load_goldens() {
  std::ifstream in(std::string(LOOKUPVIZ_GOLDEN_DIR) + "/weights/init_goldens.txt");
  std::vector<GoldenCase> cases;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string word;
    ls >> word;
    if (word == "case") {
      cases.emplace_back();
      ls >> cases.back().name >> cases.back().seed;
      std::getline(ls >> std::ws, cases.back().ops);
    } else if (word == "count") {
      std::string h;
      ls >> cases.back().count >> h >> h;
      cases.back().hash = std::stoull(h, nullptr, 16);
    } else if (!word.empty() && word != "end" && word[0] != '#') {
      std::istringstream vs(line);
      std::string v;
      while (vs >> v) cases.back().values.push_back(static_cast<uint32_t>(std::stoul(v, nullptr, 16)));
    }
  }
  return cases;
}

// Replays "E V D;L IN OUT B;N n mean std;U n from to" on one generator, in order.
std::vector<float> replay(uint64_t seed, const std::string& ops) {
  TorchGenerator g(seed);
  std::vector<float> out;
  std::stringstream ss(ops);
  std::string op;
  while (std::getline(ss, op, ';')) {
    std::istringstream os(op);
    char kind = 0;
    os >> kind;
    if (kind == 'E') {
      int64_t v, d;
      os >> v >> d;
      const lv::Matrix w = lv::embedding_init(v, d, g);
      out.insert(out.end(), w.data(), w.data() + w.size());
    } else if (kind == 'L') {
      int64_t i, o, b;
      os >> i >> o >> b;
      const lv::LinearInit l = lv::linear_init(i, o, b != 0, g);
      out.insert(out.end(), l.weight.data(), l.weight.data() + l.weight.size());
      out.insert(out.end(), l.bias.begin(), l.bias.end());
    } else {
      size_t n;
      std::string a, b;  // C99 hex floats
      os >> n >> a >> b;
      std::vector<float> v(n);
      const double x = std::strtod(a.c_str(), nullptr), y = std::strtod(b.c_str(), nullptr);
      if (kind == 'N') lv::normal_(v.data(), n, x, y, g);
      else lv::uniform_(v.data(), n, x, y, g);
      out.insert(out.end(), v.begin(), v.end());
    }
  }
  return out;
}

uint64_t fnv1a64(const std::vector<uint32_t>& words) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (uint32_t w : words)
    for (int k = 0; k < 4; ++k) h = (h ^ ((w >> (8 * k)) & 0xffu)) * 0x100000001b3ULL;
  return h;
}

TEST(TorchLayers, GoldenCasesFromTorchBitExact) {
  const std::vector<GoldenCase> cases = load_goldens();
  ASSERT_GE(cases.size(), 20u) << "missing " << LOOKUPVIZ_GOLDEN_DIR << "/weights/init_goldens.txt";
  for (const GoldenCase& c : cases) {
    SCOPED_TRACE(c.name + ": seed " + std::to_string(c.seed) + ", " + c.ops);
    const std::vector<float> got = replay(c.seed, c.ops);
    ASSERT_EQ(got.size(), c.count);
    const std::vector<uint32_t> b = bits_of(got.data(), got.size());
    if (!c.values.empty()) {
      ASSERT_EQ(c.values.size(), c.count);
      for (size_t i = 0; i < b.size(); ++i) ASSERT_EQ(b[i], c.values[i]) << "element " << i;
    }
    EXPECT_EQ(fnv1a64(b), c.hash);
  }
}

TEST(TorchLayers, ZeroSizedLayersDrawNothing) {
  TorchGenerator g(9), ref(9);
  EXPECT_EQ(lv::embedding_init(0, 5, g).size(), 0);
  const lv::LinearInit l = lv::linear_init(3, 0, true, g);
  EXPECT_EQ(l.weight.size(), 0);
  EXPECT_TRUE(l.bias.empty());
  EXPECT_EQ(g.random(), ref.random());
}

}  // namespace

// The edges-only Linear init prints exactly as the whole one and leaves the generator
// where linear_init does, summarized or not, wide or tall.
TEST(TorchLayers, LinearWeightEdgesPrintLikeTheWholeInit) {
  const std::pair<int64_t, int64_t> shapes[] = {{4, 5},   {5, 3},   {1, 1},   {1000, 1}, {1001, 1}, {1, 1001},
                                                {50, 30}, {400, 3}, {3, 400}, {7, 7},    {2000, 6}, {0, 3}};
  for (auto [in, out] : shapes) {
    lv::TorchGenerator a(123), b(123);
    const lv::Matrix whole = lv::linear_init(in, out, false, a).weight;
    const lv::Matrix edges = lv::linear_weight_edges(in, out, b);
    EXPECT_EQ(lv::repr_parameter_edges(edges, out, in), lv::repr_parameter(whole)) << in << " -> " << out;
    EXPECT_EQ(a.random(), b.random()) << "the same number of draws, " << in << " -> " << out;
  }
}
