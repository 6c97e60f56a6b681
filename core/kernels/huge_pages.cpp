// huge_pages.cpp — see huge_pages.hpp.
#include "core/kernels/huge_pages.hpp"

#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>

namespace lv {

namespace {
constexpr size_t kHugePage = size_t{2} << 20;
}

bool advise_huge_pages(void* p, size_t bytes) {
#ifdef MADV_HUGEPAGE
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(p) + kHugePage - 1) & ~(kHugePage - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(kHugePage - 1);
  if (p == nullptr || end <= begin) return false;
  return madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE) == 0;
#else
  (void)p;
  (void)bytes;
  return false;
#endif
}

void* alloc_table_memory(size_t bytes) {
  if (bytes < kHugePage) return std::aligned_alloc(64, (bytes + 63) / 64 * 64 + (bytes == 0 ? 64 : 0));
  const size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  void* p = std::aligned_alloc(kHugePage, rounded);
  if (p) advise_huge_pages(p, rounded);
  return p;
}

}  // namespace lv
