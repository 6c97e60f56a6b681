// unused_rows_test.cpp — Land & Bartolo's indicator for tied tables (core/nearest/unused_rows.hpp)
// on a planted table: every row shares a strong common direction (the first principal
// component, as a trained table's rows do), and a few "unused" rows sit near one other
// direction. Marking some of them finds the rest at the top; the common direction, left
// in, would have hidden them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <cstdio>
#include <random>
#include <string>

#include "core/io/table_file.hpp"

#include "core/nearest/unused_rows.hpp"

namespace lv {
namespace {

constexpr int64_t kV = 600, kD = 32;

TableView planted(std::vector<int64_t>* unused) {
  std::mt19937 rng(11);
  std::normal_distribution<float> n(0.0f, 1.0f);
  auto m = std::make_shared<Matrix>(kV, kD);
  std::vector<float> common(kD), w(kD);
  for (auto& x : common) x = n(rng);
  for (auto& x : w) x = n(rng);
  for (int64_t r = 0; r < kV; ++r) {
    const float a = 6.0f * n(rng);  // along the common direction: the largest variance
    for (int64_t c = 0; c < kD; ++c) (*m)(r, c) = n(rng) + a * common[c];
  }
  for (int64_t r = 100; r < kV; r += 50) {  // 10 unused rows: w, a little noise, and the common part
    unused->push_back(r);
    const float a = 6.0f * n(rng);
    for (int64_t c = 0; c < kD; ++c) (*m)(r, c) = 2.0f * w[c] + 0.2f * n(rng) + a * common[c];
  }
  return TableView(m, nullptr, TableDtype::Float32, nullptr);
}

TEST(UnusedRows, MarkingSomeFindsTheOthersFirst) {
  std::vector<int64_t> unused;
  const TableView t = planted(&unused);
  const std::vector<int64_t> marked(unused.begin(), unused.begin() + 4);
  const UnusedIndicator u = unused_row_indicator(t, marked, 10, {});
  ASSERT_TRUE(u.ok) << u.error;
  ASSERT_EQ(u.rows.size(), 10u);
  for (const Neighbour& n : u.rows)
    EXPECT_NE(std::find(unused.begin(), unused.end(), n.row), unused.end()) << "row " << n.row << " " << n.score;
  for (size_t i = 1; i < u.rows.size(); ++i) EXPECT_GE(u.rows[i - 1].score, u.rows[i].score);
}

TEST(UnusedRows, NothingMarkedSaysSo) {
  std::vector<int64_t> unused;
  const TableView t = planted(&unused);
  const UnusedIndicator u = unused_row_indicator(t, {-1, kV}, 10, {});
  EXPECT_FALSE(u.ok);
  EXPECT_FALSE(u.error.empty());
}

TEST(UnusedRows, Cancelled) {
  std::vector<int64_t> unused;
  const TableView t = planted(&unused);
  std::atomic<bool> cancel{true};
  NearestControl c;
  c.cancel = &cancel;
  const UnusedIndicator u = unused_row_indicator(t, unused, 10, c);
  EXPECT_FALSE(u.ok);
  EXPECT_TRUE(u.cancelled);
}

// A GGUF whose tokenizer marks rows 1 and 3 unused (token_type 5): those rows, read from
// the file's header through its mapping.
TEST(UnusedRows, AGgufsTokenTypeFiveRows) {
  std::string b;
  auto u32 = [&b](uint32_t v) { b.append(reinterpret_cast<const char*>(&v), 4); };
  auto u64 = [&b](uint64_t v) { b.append(reinterpret_cast<const char*>(&v), 8); };
  auto str = [&](const std::string& s) {
    u64(s.size());
    b += s;
  };
  b += "GGUF";
  u32(3);
  u64(1);  // one tensor
  u64(1);  // one key
  str("tokenizer.ggml.token_type");
  u32(9);  // an array
  u32(5);  // of int32
  u64(4);
  for (const int32_t t : {1, 5, 1, 5}) b.append(reinterpret_cast<const char*>(&t), 4);
  str("token_embd.weight");
  u32(2);
  u64(8);  // ne[0] = D
  u64(4);  // ne[1] = V
  u32(0);  // F32
  u64(0);
  b.resize((b.size() + 31) / 32 * 32, '\0');
  for (int i = 0; i < 32; ++i) {
    const float v = static_cast<float>(i);
    b.append(reinterpret_cast<const char*>(&v), 4);
  }
  const std::string path = ::testing::TempDir() + "unused_rows_test.gguf";
  FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fwrite(b.data(), 1, b.size(), f);
  std::fclose(f);
  const TableLoad l = load_table(path);
  ASSERT_TRUE(l.ok) << l.error;
  EXPECT_EQ(gguf_unused_rows(l.table), (std::vector<int64_t>{1, 3}));
  std::remove(path.c_str());
}

}  // namespace
}  // namespace lv
