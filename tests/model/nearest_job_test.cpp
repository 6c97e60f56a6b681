// nearest_job_test.cpp — the nearest-rows search on the window's worker
// (app/model/nearest_job.hpp): it gives what the search gives on the UI thread, reports
// progress, and a new start or stop cancels the one running (its result never taken).
#include <gtest/gtest.h>

#include <memory>

#include "app/model/nearest_job.hpp"
#include "core/torch/torch_generator.hpp"
#include "core/torch/torch_layers.hpp"

namespace lv::app {
namespace {

TableView seeded(int64_t v, int64_t d) {
  TorchGenerator gen(123);
  return TableView(std::make_shared<const Matrix>(embedding_init(v, d, gen)), nullptr, TableDtype::Float32, nullptr);
}

TEST(NearestJob, GivesTheSearchsAnswerOnAWorker) {
  const TableView t = seeded(5000, 64);
  NearestJob job;
  job.start({t, 42, 8, NearestMetric::kDot});
  job.wait();
  NearestResult r;
  ASSERT_TRUE(job.take(&r));
  EXPECT_FALSE(job.take(&r));  // once
  EXPECT_FLOAT_EQ(job.progress(), 1.0f);
  const NearestResult want = nearest_rows(t, 42, 8, NearestMetric::kDot);
  ASSERT_TRUE(r.ok);
  ASSERT_EQ(r.neighbours.size(), want.neighbours.size());
  for (size_t i = 0; i < want.neighbours.size(); ++i) EXPECT_EQ(r.neighbours[i].row, want.neighbours[i].row);
}

TEST(NearestJob, StopCancelsAndNothingIsTaken) {
  const TableView t = seeded(400'000, 64);
  NearestJob job;
  job.start({t, 0, 5, NearestMetric::kCosine});
  job.stop();
  NearestResult r;
  EXPECT_FALSE(job.take(&r));
  EXPECT_FALSE(job.running());
  // Started again, it answers.
  job.start({t, 1, 5, NearestMetric::kCosine});
  job.wait();
  ASSERT_TRUE(job.take(&r));
  EXPECT_EQ(r.neighbours.size(), 5u);
}

}  // namespace
}  // namespace lv::app
