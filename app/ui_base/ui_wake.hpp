// ui_wake.hpp — how a worker thread wakes the UI when its result is ready. An idle
// window sleeps in glfwWaitEvents; without a wake-up a finished File ▸ Open (its
// error, say) showed only when the mouse next moved. The platform layer installs what
// wakes its loop (glfwPostEmptyEvent); headless runs and tests leave it a no-op or
// install a counter. Safe to call from any thread.
#pragma once

namespace lv::app {

using UiWakeFn = void (*)();

void set_ui_wake(UiWakeFn wake);  // nullptr: nothing
void ui_wake();                   // calls what was installed, if anything

}  // namespace lv::app
