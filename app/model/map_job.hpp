// map_job.hpp — the map of a table (every row at its first principal components) made on a
// worker: the components (core/nearest/table_pca.hpp), every row's norm, the rows a GGUF
// marks unused, and a grid index a pair of axes for finding the point under the cursor.
// The Map tab of "What a row means" (app/app_map.cpp) maps the model's table; slide 7's map
// view maps the table it shows. Starting another, or destroying it, cancels the running one.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/model/background_job.hpp"
#include "app/model/nearest_job.hpp"
#include "core/nearest/map_grid.hpp"
#include "core/nearest/table_pca.hpp"

namespace lv::app {

// The pairs of axes a map shows: PC1/PC2, PC1/PC3, PC2/PC3.
inline constexpr int kMapAxes[3][2] = {{0, 1}, {0, 2}, {1, 2}};
inline constexpr const char* kMapAxisNames[3] = {"PC1 / PC2", "PC1 / PC3", "PC2 / PC3"};

// The worker's answer: the table's first three principal components (every row's
// coordinates), each row's norm, the rows a GGUF marks unused, a grid index a pair of axes
// (they borrow pca.coordinates: the answer never moves once made).
struct MapAnswer {
  NearestTableKey table;
  TablePca pca;
  std::vector<float> norms;
  std::vector<int64_t> gguf_unused;
  MapGrid grids[3];
  bool ok = false;
  uint64_t serial = 0;  // this answer's number in the process (a new map at a freed one's address is not it)
  std::string error;    // why there is no map (one sentence)
};

class MapJob {
 public:
  // Maps t (shared with the worker: nothing copied), made for `key`.
  void start(TableView t, NearestTableKey key);
  bool running() const { return job_.running(); }
  float progress() const { return job_.progress(); }
  void stop() { job_.stop(); }
  void wait() { job_.wait(); }
  BackgroundJob& job() { return job_; }  // for a progress line's Cancel
  // Once per job, when it has finished: its answer (made or failed; a cancelled one is null).
  std::shared_ptr<const MapAnswer> take();
  // The last job's answer (null before one finished), and what the last start was for.
  const MapAnswer* last() const { return out_.get(); }
  const NearestTableKey& asked() const { return asked_; }
  bool asked_once() const { return asked_once_; }

 private:
  BackgroundJob job_;
  std::shared_ptr<MapAnswer> out_;
  NearestTableKey asked_;
  bool asked_once_ = false;
};

}  // namespace lv::app
