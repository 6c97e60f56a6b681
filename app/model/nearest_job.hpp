// nearest_job.hpp — the nearest-rows search (core/nearest/nearest.hpp) on a worker, for
// the window: start it with the table the model reads (a TableView: it borrows the base
// and the edits, copies nothing), read its progress each frame, take its neighbours when
// done. Starting another or destroying it cancels the running one (the scan stops at its
// next block of rows). No ImGui here: the panel that lists the result owns its text.
#pragma once
#include <cstdint>
#include <memory>

#include "app/model/background_job.hpp"
#include "core/nearest/nearest.hpp"

namespace lv::app {

// What a search or a norms pass was made for: a new table, dtype or edit makes it stale.
struct NearestTableKey {
  const void* base = nullptr;  // the seeded matrix or the file (TableView::base_owner)
  int64_t rows = 0, cols = 0;
  int dtype = 0;
  uint64_t edits_version = 0;
  bool operator==(const NearestTableKey&) const = default;
};

struct NearestQuery {
  TableView table;
  int64_t row = 0;
  int64_t k = 10;
  NearestMetric metric = NearestMetric::kCosine;
};

class NearestJob {
 public:
  void start(NearestQuery query);
  bool running() const { return job_.running(); }
  float progress() const { return job_.progress(); }
  // Once per job, when it has finished: its result (a cancelled one is never taken).
  bool take(NearestResult* out);
  void wait() { job_.wait(); }
  void stop() { job_.stop(); }
  const NearestQuery& query() const { return query_; }

 private:
  BackgroundJob job_;
  NearestQuery query_;
  std::shared_ptr<NearestResult> result_;
};

}  // namespace lv::app
