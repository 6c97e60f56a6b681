// ui_wake.cpp — the installed wake-up, held atomically (workers read it, the platform writes it).
#include "app/chrome/ui_wake.hpp"

#include <atomic>

#include "app/model/background_job.hpp"

namespace lv::app {
namespace {
std::atomic<UiWakeFn> g_wake{nullptr};
}  // namespace

void set_ui_wake(UiWakeFn wake) {
  g_wake.store(wake, std::memory_order_release);
  set_job_wake(wake);  // the model's jobs wake the window the same way
}

void ui_wake() {
  if (UiWakeFn w = g_wake.load(std::memory_order_acquire)) w();
}

}  // namespace lv::app
