// out_of_memory.hpp — std::bad_alloc anywhere ends the process with one line and exit 1
// (the environment failed), never with abort() and a core dump (exit 134). main()
// catches it on its own thread; install_out_of_memory_exit() covers the others, whose
// uncaught exceptions end in std::terminate.
#pragma once

namespace lv::app {

// The line printed, without "lookupviz: " and the newline.
inline constexpr const char* kOutOfMemoryLine =
    "there is not enough memory for this state; try a smaller table, fewer IDs or a smaller --dim";

// The window's words when a state runs out of memory while it is computed: the state is
// refused and the last good one stays (app_model.cpp recompute), nothing exits.
inline constexpr const char* kOutOfMemoryWindowLine =
    "There is not enough memory for that state: try fewer IDs, a smaller D or a smaller table";

// Prints "lookupviz: <kOutOfMemoryLine>" to stderr and _exit(1)s. Async-signal-safe.
[[noreturn]] void exit_out_of_memory();

// A std::terminate handler: an uncaught bad_alloc exits as above; anything else aborts
// as the default handler does.
void install_out_of_memory_exit();

}  // namespace lv::app
