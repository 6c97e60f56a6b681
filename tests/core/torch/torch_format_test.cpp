// torch_format_test.cpp — repr_tensor against torch 1.13's own repr, character for character.
// The goldens (tests/golden/format/cases.txt) are made by make_goldens.py with real torch;
// float inputs are stored as bit patterns so the C++ side formats the very same values.
#include "core/torch/torch_format.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace lv {
namespace {

// ---------------------------------------------------------------- the golden cases

struct GoldenCase {
  std::string name;
  std::string dtype;  // "float32" or "int64"
  std::vector<int64_t> shape;
  ReprSuffix suffix;
  bool parameter = false;
  std::vector<float> floats;
  std::vector<int64_t> ints;
  std::string expected;
};
// ctest shows the case's name, not its bytes.
void PrintTo(const GoldenCase& c, std::ostream* os) { *os << c.name; }

// The words after the key of a "key v v v" line.
std::istringstream fields(const std::string& line, const std::string& key) {
  EXPECT_EQ(line.rfind(key, 0), 0u) << "expected '" << key << "' in: " << line;
  return std::istringstream(line.size() > key.size() ? line.substr(key.size()) : "");
}

float float_from_hex(const std::string& hex) {
  uint32_t bits = static_cast<uint32_t>(std::stoul(hex, nullptr, 16));
  float x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

GoldenCase read_case(std::istream& in, const std::string& case_line) {
  GoldenCase c;
  std::string line, word;
  fields(case_line, "case") >> c.name;
  std::getline(in, line), fields(line, "dtype") >> c.dtype;
  std::getline(in, line);
  for (auto s = fields(line, "shape"); s >> word;) c.shape.push_back(std::stoll(word));
  std::getline(in, line), fields(line, "suffix_dtype") >> word;
  c.suffix.dtype = word == "-" ? "" : word;
  std::getline(in, line), fields(line, "grad_fn") >> word;
  c.suffix.grad_fn = word == "-" ? "" : word;
  std::getline(in, line), fields(line, "requires_grad") >> c.suffix.requires_grad;
  std::getline(in, line), fields(line, "parameter") >> c.parameter;
  std::getline(in, line);
  for (auto s = fields(line, "data"); s >> word;) {
    if (c.dtype == "float32") c.floats.push_back(float_from_hex(word));
    else c.ints.push_back(std::stoll(word));
  }
  int n_lines = 0;
  std::getline(in, line), fields(line, "expected") >> n_lines;
  for (int i = 0; i < n_lines; ++i) {
    std::getline(in, line);
    c.expected += (i ? "\n" : "") + line;
  }
  return c;
}

std::vector<GoldenCase> load_cases() {
  std::ifstream in(std::string(LOOKUPVIZ_GOLDEN_DIR) + "/format/cases.txt");
  std::vector<GoldenCase> cases;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("case ", 0) == 0) cases.push_back(read_case(in, line));
  return cases;
}

// What our formatter prints for a case (Parameters through repr_parameter).
std::string our_repr(const GoldenCase& c) {
  if (c.parameter) {
    Matrix m = Eigen::Map<const Matrix>(c.floats.data(), c.shape.at(0), c.shape.at(1));
    return repr_parameter(m);
  }
  if (c.dtype == "float32") return repr_tensor(c.floats.data(), c.shape, c.suffix);
  return repr_tensor(c.ints.data(), c.shape, c.suffix);
}

class TorchFormatGolden : public testing::TestWithParam<GoldenCase> {};

TEST_P(TorchFormatGolden, MatchesTorch) {
  const GoldenCase& c = GetParam();
  EXPECT_EQ(our_repr(c), c.expected);
}

INSTANTIATE_TEST_SUITE_P(Cases, TorchFormatGolden, testing::ValuesIn(load_cases()),
                         [](const testing::TestParamInfo<GoldenCase>& info) { return info.param.name; });

TEST(TorchFormat, GoldensArePresent) { EXPECT_GE(load_cases().size(), 50u); }

// ---------------------------------------------------------------- readable spot checks

// The notebook's seed-123 table (shared/reference/notebook.md).
Matrix notebook_table() {
  Matrix w(4, 5);
  w << 0.3374f, -0.1778f, -0.3035f, -0.5880f, 1.5810f,  //
      1.3010f, 1.2753f, -0.2010f, -0.1606f, -0.4015f,   //
      0.6957f, -1.8061f, -1.1589f, 0.3255f, -0.6315f,   //
      -2.8400f, -0.7849f, -1.4096f, -0.4076f, 0.7953f;
  return w;
}

TEST(TorchFormat, NotebookParameter) {
  EXPECT_EQ(repr_parameter(notebook_table()),
            "Parameter containing:\n"
            "tensor([[ 0.3374, -0.1778, -0.3035, -0.5880,  1.5810],\n"
            "        [ 1.3010,  1.2753, -0.2010, -0.1606, -0.4015],\n"
            "        [ 0.6957, -1.8061, -1.1589,  0.3255, -0.6315],\n"
            "        [-2.8400, -0.7849, -1.4096, -0.4076,  0.7953]], requires_grad=True)");
}

// The same 1 x 5 row: the grad_fn fits on the last line or goes on its own line.
TEST(TorchFormat, SuffixPlacementFollowsLastLineLength) {
  Matrix row = notebook_table().row(1);
  EXPECT_EQ(repr_tensor(row, {.grad_fn = "EmbeddingBackward0"}),
            "tensor([[ 1.3010,  1.2753, -0.2010, -0.1606, -0.4015]],\n"
            "       grad_fn=<EmbeddingBackward0>)");
  EXPECT_EQ(repr_tensor(row, {.grad_fn = "MmBackward0"}),
            "tensor([[ 1.3010,  1.2753, -0.2010, -0.1606, -0.4015]], grad_fn=<MmBackward0>)");
}

TEST(TorchFormat, OneHotInt64) {
  IntMatrix x(3, 4);
  x << 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0;
  EXPECT_EQ(repr_tensor(x), "tensor([[0, 0, 1, 0],\n"
                            "        [0, 0, 0, 1],\n"
                            "        [0, 1, 0, 0]])");
}

// A GPT-2-sized table is summarized: only the 36 shown elements decide the format, so
// huge or non-finite values elsewhere change nothing.
TEST(TorchFormat, SummarizedTableIgnoresHiddenElements) {
  Matrix w = Matrix::Constant(1000, 768, 0.5f);
  w(500, 400) = 1.0e12f;
  w(3, 3) = std::numeric_limits<float>::quiet_NaN();
  const std::string row = "[0.5000, 0.5000, 0.5000,  ..., 0.5000, 0.5000, 0.5000]";
  EXPECT_EQ(repr_tensor(w), "tensor([" + row + ",\n        " + row + ",\n        " + row + ",\n        ...,\n        " +
                                row + ",\n        " + row + ",\n        " + row + "])");
}

}  // namespace
}  // namespace lv

// linear.weight.grad is printed from a V x D matrix as its D x V transpose without
// copying it: the same text as printing the copy, summarized or not.
TEST(TorchFormat, TransposedViewPrintsLikeTheTransposedCopy) {
  uint32_t s = 7;
  for (auto [r, c] : std::vector<std::pair<int, int>>{{1, 1}, {3, 5}, {5, 3}, {40, 30}, {2000, 5}, {4, 1001}, {1, 7}}) {
    lv::Matrix m(r, c);
    for (int i = 0; i < r * c; ++i) {
      s = s * 1664525u + 1013904223u;
      m.data()[i] = static_cast<float>(static_cast<int32_t>(s >> 8) % 20000) / 1000.0f;
    }
    m(0, 0) = -0.0f;
    EXPECT_EQ(lv::repr_transposed(m), lv::repr_tensor(lv::Matrix(m.transpose()))) << r << " x " << c;
    lv::ReprSuffix grad{"", false, ""};
    EXPECT_EQ(lv::repr_transposed(m, grad), lv::repr_tensor(lv::Matrix(m.transpose()), grad));
  }
}
