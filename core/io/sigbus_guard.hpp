// sigbus_guard.hpp — run a copy out of a memory-mapped file so that the file being
// truncated or replaced underneath (which makes the kernel raise SIGBUS on the
// missing pages) fails the copy instead of killing the app.
// A process-wide SIGBUS handler is installed on first use; it jumps back only for a
// thread that is inside run_sigbus_guarded and passes every other SIGBUS on to the
// handler that was there before (or the default action).
#pragma once
#include <cstddef>

namespace lv {

// Calls fn(ctx). Returns false if a SIGBUS hit while it ran (fn was cut short).
// fn must be plain code: no objects with destructors alive in its frames, no locks,
// no allocation — it is abandoned with siglongjmp.
bool run_sigbus_guarded(void (*fn)(void* ctx), void* ctx);

// memcpy under the guard.
bool guarded_memcpy(void* dst, const void* src, size_t n);

}  // namespace lv
