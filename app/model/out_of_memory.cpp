// out_of_memory.cpp — the terminate handler and the one line (written with write(2):
// stdio may itself need memory it cannot get).
#include "app/model/out_of_memory.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>

namespace lv::app {

void exit_out_of_memory() {
  static const char kPrefix[] = "lookupviz: ";
  ssize_t ignored = write(2, kPrefix, sizeof kPrefix - 1);
  ignored = write(2, kOutOfMemoryLine, std::strlen(kOutOfMemoryLine));
  ignored = write(2, "\n", 1);
  (void)ignored;
  _exit(1);
}

namespace {

[[noreturn]] void on_terminate() {
  if (std::exception_ptr e = std::current_exception()) {
    try {
      std::rethrow_exception(e);
    } catch (const std::bad_alloc&) {
      exit_out_of_memory();
    } catch (...) {
    }
  }
  std::abort();
}

}  // namespace

void install_out_of_memory_exit() { std::set_terminate(on_terminate); }

}  // namespace lv::app
