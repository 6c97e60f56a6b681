// ui_wake.cpp — the installed wake-up: the one every job calls when it finishes, held
// atomically beside BackgroundJob (app/model/background_job.hpp; workers read it, the platform writes it).
#include "app/ui_base/ui_wake.hpp"

#include "app/model/background_job.hpp"

namespace lv::app {

void set_ui_wake(UiWakeFn wake) { set_job_wake(wake); }

void ui_wake() { job_wake(); }

}  // namespace lv::app
