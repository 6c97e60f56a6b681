// map_job.cpp — the map of a table on a worker (see the header).
#include "app/model/map_job.hpp"

#include <algorithm>

#include "core/nearest/nearest.hpp"
#include "core/nearest/unused_rows.hpp"

namespace lv::app {

void MapJob::start(TableView t, NearestTableKey key) {
  asked_ = key;
  asked_once_ = true;
  static uint64_t serials = 0;  // start() is the UI thread's
  auto out = std::make_shared<MapAnswer>();
  out->serial = ++serials;
  out_ = out;
  job_.start([t = std::move(t), key, out](JobControl& c) {
    PcaOptions o;
    o.components = static_cast<int>(std::min<int64_t>(3, std::min(t.rows(), t.cols())));
    o.cancel = &c.cancel;
    o.fraction = &c.progress;  // the passes' share done is the job's progress
    out->pca = table_pca(t, o);
    if (!out->pca.ok) {
      out->error = out->pca.cancelled ? "" : "No map: " + out->pca.error + ".";
      return;
    }
    NearestControl nc;
    nc.cancel = &c.cancel;
    const RowNorms n = row_norms(t, nc);
    if (!n.ok || !n.norms) return;
    out->norms = *n.norms;
    if (const TableFile* f = t.file()) out->gguf_unused = gguf_unused_rows(*f);
    const int k = static_cast<int>(out->pca.components);
    for (int a = 0; a < 3; ++a)
      if (kMapAxes[a][1] < k)
        out->grids[a] = build_map_grid(out->pca.coordinates.data(), out->pca.rows, k, kMapAxes[a][0], kMapAxes[a][1]);
    out->table = key;
    out->ok = true;
    c.progress.store(1.0f, std::memory_order_relaxed);
  });
}

std::shared_ptr<const MapAnswer> MapJob::take() {
  if (!job_.take() || !out_) return nullptr;
  if (!out_->ok && out_->error.empty()) return nullptr;  // cancelled
  return out_;
}

}  // namespace lv::app
