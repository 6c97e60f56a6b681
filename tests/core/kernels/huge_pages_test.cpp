// huge_pages_test.cpp — table memory: 2 MB-aligned when big (so all of it can be huge
// pages), 64-byte-aligned when small, usable either way; the advice covers only whole
// 2 MB pages. Whether the kernel grants huge pages is its business (THP may be off),
// so only the calls' contract is asserted here; the speed is in ./scripts/bench.sh.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "core/kernels/huge_pages.hpp"

namespace lv {
namespace {

constexpr size_t kMiB = size_t{1} << 20;

TEST(HugePages, BigTablesAreAlignedToHugePages) {
  for (size_t bytes : {2 * kMiB, 3 * kMiB + 4, 154'389'504ul}) {
    TableBuffer t = make_table_buffer(bytes / sizeof(float));
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(t.get()) % (2 * kMiB), 0u) << bytes;
    std::memset(t.get(), 0x5a, bytes / sizeof(float) * sizeof(float));  // every byte is usable
    EXPECT_EQ(reinterpret_cast<unsigned char*>(t.get())[bytes / sizeof(float) * sizeof(float) - 1], 0x5a);
  }
}

TEST(HugePages, SmallTablesAreOrdinaryAlignedMemory) {
  for (size_t floats : {0ul, 1ul, 15ul, 1000ul}) {
    TableBuffer t = make_table_buffer(floats);
    ASSERT_NE(t, nullptr) << floats;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(t.get()) % 64, 0u);
    for (size_t i = 0; i < floats; ++i) t[i] = static_cast<float>(i);
    if (floats) EXPECT_EQ(t[floats - 1], static_cast<float>(floats - 1));
  }
}

TEST(HugePages, AdviceNeedsAWholeHugePage) {
  EXPECT_FALSE(advise_huge_pages(nullptr, 8 * kMiB));
  void* p = std::aligned_alloc(2 * kMiB, 4 * kMiB);
  ASSERT_NE(p, nullptr);
  char* c = static_cast<char*>(p);
  // From one byte past a 2 MB boundary, 3 MB hold no whole 2 MB page: nothing to advise.
  EXPECT_FALSE(advise_huge_pages(c + 1, 3 * kMiB));
  EXPECT_FALSE(advise_huge_pages(c, 2 * kMiB - 1));
  std::free(p);
}

}  // namespace
}  // namespace lv
