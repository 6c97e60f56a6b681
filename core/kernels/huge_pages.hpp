// huge_pages.hpp — asks Linux to back a big table with 2 MB pages.
//
// Why: a lookup reads rows at random addresses all over the table. With 4 KB pages
// each row of GPT-2's 154 MB table is on its own page, so nearly every row costs a
// TLB miss and a page walk (two-dimensional under a VM's nested paging) before the
// DRAM access even starts. With 2 MB pages the whole table needs 74 TLB entries.
// Measured with ./scripts/bench.sh (docs/performance.md).
//
// Transparent huge pages in "madvise" mode (Debian's default) back a range with 2 MB
// pages only when asked, and only for pages not yet touched: call this right after
// allocating, before writing. It is advice: when the kernel has THP off, or no 2 MB
// page free, the memory is ordinary pages and works the same.
#pragma once
#include <cstddef>
#include <cstdlib>
#include <memory>

namespace lv {

// Advises the 2 MB-aligned part of [p, p + bytes) (nothing when it holds no whole
// 2 MB page). Returns whether the kernel accepted the advice.
bool advise_huge_pages(void* p, size_t bytes);

// Allocates `bytes` aligned to 2 MB (so every page of it can be huge), advised as
// above; free with std::free. Null when out of memory. Small sizes (< 2 MB) are plain
// 64-byte-aligned allocations.
void* alloc_table_memory(size_t bytes);

// A table of floats from alloc_table_memory, freed with it.
struct FreeTableMemory {
  void operator()(float* p) const { std::free(p); }
};
using TableBuffer = std::unique_ptr<float[], FreeTableMemory>;
inline TableBuffer make_table_buffer(size_t floats) {
  return TableBuffer(static_cast<float*>(alloc_table_memory(floats * sizeof(float))));
}

}  // namespace lv
