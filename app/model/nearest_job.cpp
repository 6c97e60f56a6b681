// nearest_job.cpp — the nearest-rows search on a worker (see the header).
#include "app/model/nearest_job.hpp"

namespace lv::app {

void NearestJob::start(NearestQuery query) {
  job_.stop();
  query_ = std::move(query);
  auto result = std::make_shared<NearestResult>();
  result_ = result;
  job_.start([q = query_, result](JobControl& c) {
    NearestControl control;  // the scan's share done is the job's own progress
    control.cancel = &c.cancel;
    control.fraction = &c.progress;
    *result = nearest_rows(q.table, q.row, q.k, q.metric, control);
    c.progress.store(1.0f, std::memory_order_relaxed);
  });
}

bool NearestJob::take(NearestResult* out) {
  if (!job_.take() || !result_ || result_->cancelled) return false;
  *out = *result_;
  return true;
}

}  // namespace lv::app
