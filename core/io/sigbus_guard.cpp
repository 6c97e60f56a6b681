// sigbus_guard.cpp — see the header. The jump buffer is per thread, so loads on
// several threads at once are each guarded.
#include "core/io/sigbus_guard.hpp"

#include <atomic>
#include <csetjmp>
#include <csignal>
#include <cstring>
#include <mutex>

namespace lv {
namespace {

// Set while this thread runs a guarded copy. volatile, and fenced below: otherwise the
// compiler may drop the store as dead (an inlined memcpy cannot "see" it) and the
// handler would find no jump target.
thread_local sigjmp_buf* volatile t_jump = nullptr;
struct sigaction g_previous;  // the handler we replaced

void on_sigbus(int sig, siginfo_t* info, void* uctx) {
  if (sigjmp_buf* jb = t_jump) {
    t_jump = nullptr;
    siglongjmp(*jb, 1);
  }
  // Not ours: behave as if we had never been installed.
  if (g_previous.sa_flags & SA_SIGINFO) {
    if (g_previous.sa_sigaction) g_previous.sa_sigaction(sig, info, uctx);
    return;
  }
  if (g_previous.sa_handler == SIG_IGN) return;
  if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != nullptr) {
    g_previous.sa_handler(sig);
    return;
  }
  // Default action: restore it and return; the faulting access repeats and kills us
  // with SIGBUS as it would have without the guard.
  signal(SIGBUS, SIG_DFL);
}

void install_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_sigbus;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, &g_previous);
  });
}

struct CopyArgs {
  void* dst;
  const void* src;
  size_t n;
};

void do_copy(void* p) {
  auto* a = static_cast<CopyArgs*>(p);
  std::memcpy(a->dst, a->src, a->n);
}

}  // namespace

bool run_sigbus_guarded(void (*fn)(void* ctx), void* ctx) {
  install_once();
  sigjmp_buf jb;
  // The signal mask is not saved (no sigprocmask system call a guarded read: the nearest
  // search makes thousands a second): with SA_NODEFER and an empty sa_mask the handler runs
  // under the caller's own mask, so the jump back finds it as it was.
  if (sigsetjmp(jb, 0) != 0) return false;  // came back from the handler
  t_jump = &jb;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  fn(ctx);
  std::atomic_signal_fence(std::memory_order_seq_cst);
  t_jump = nullptr;
  return true;
}

bool guarded_memcpy(void* dst, const void* src, size_t n) {
  CopyArgs a{dst, src, n};
  return run_sigbus_guarded(do_copy, &a);
}

}  // namespace lv
