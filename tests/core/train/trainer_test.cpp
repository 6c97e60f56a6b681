// trainer_test.cpp — core/train/: which rows move and why (the issue's table, real PyTorch's
// answers), the optimizer state kept for the rows that have it (never V × D), and AdamW's
// lazy decay bit for bit equal to torch's eager param.mul_ per step.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include "core/train/trainer.hpp"
#include "core/torch/torch_generator.hpp"
#include "core/torch/torch_layers.hpp"

namespace lv {
namespace {

TableView seeded_table(int64_t vocab, int64_t dim, uint64_t seed = 123) {
  TorchGenerator gen(seed);
  return TableView(std::make_shared<const Matrix>(embedding_init(vocab, dim, gen)), nullptr, TableDtype::Float32,
                   nullptr);
}

TableView table_of(const Matrix& m) {
  return TableView(std::make_shared<const Matrix>(m), nullptr, TableDtype::Float32, nullptr);
}

bool same_bits(const Matrix& a, const Matrix& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         std::memcmp(a.data(), b.data(), sizeof(float) * static_cast<size_t>(a.size())) == 0;
}

using Kinds = std::vector<RowMove>;
constexpr RowMove G = RowMove::Gradient, M = RowMove::Memory, W = RowMove::Decay, N = RowMove::None;

// The issue's table: batches "2;0", V 4, D 3, 3 steps (train-oracle: real PyTorch 1.13).
// Each step's kind of every row 0..3.
struct IssueCase {
  TrainOptimizer optimizer;
  std::vector<Kinds> steps;
  std::vector<std::vector<int64_t>> state;  // rows with state after each step
};

TEST(Trainer, TheIssuesTableOfMovedRowsAndTheirKinds) {
  const std::vector<IssueCase> cases = {
      {TrainOptimizer::Sgd, {{N, N, G, N}, {G, N, N, N}, {N, N, G, N}}, {{}, {}, {}}},
      {TrainOptimizer::Momentum, {{N, N, G, N}, {G, N, M, N}, {M, N, G, N}}, {{2}, {0, 2}, {0, 2}}},
      {TrainOptimizer::Adam, {{N, N, G, N}, {G, N, M, N}, {M, N, G, N}}, {{2}, {0, 2}, {0, 2}}},
      {TrainOptimizer::AdamW, {{W, W, G, W}, {G, W, M, W}, {M, W, G, W}}, {{2}, {0, 2}, {0, 2}}},
      {TrainOptimizer::SparseAdam, {{N, N, G, N}, {G, N, N, N}, {N, N, G, N}}, {{2}, {0, 2}, {0, 2}}},
  };
  const std::vector<IdList> batches = {{2}, {0}};
  for (const IssueCase& c : cases) {
    SCOPED_TRACE(std::string(optimizer_name(c.optimizer)));
    TrainConfig config;
    config.optimizer = c.optimizer;
    Trainer t(seeded_table(4, 3), config);
    for (size_t s = 0; s < c.steps.size(); ++s) {
      const TrainStep& step = t.step(batches[s % 2]);
      EXPECT_EQ(step.step, static_cast<int64_t>(s + 1));
      std::vector<int64_t> moved;
      for (int64_t r = 0; r < 4; ++r) {
        EXPECT_EQ(t.kind_in_last_step(r), c.steps[s][static_cast<size_t>(r)]) << "step " << s + 1 << " row " << r;
        if (c.steps[s][static_cast<size_t>(r)] != N) moved.push_back(r);
      }
      EXPECT_EQ(t.moved_rows_exact(), moved) << "step " << s + 1;
      EXPECT_EQ(step.rows_written(), static_cast<int64_t>(moved.size())) << "step " << s + 1;
      EXPECT_EQ(t.state_rows(), c.state[s]) << "step " << s + 1;
    }
  }
}

TEST(Trainer, StepOneOfTheIssueIsTorchsNumbers) {
  // train-oracle --batches "2;0" --vocab 4 --dim 3 --optimizer sgd --steps 1: row 2 is
  // [-1.0724, -0.8550, 0.2239] after the step (the seed's row 2 minus lr · 1).
  TrainConfig config;
  Trainer t(seeded_table(4, 3), config);
  const float before = t.at(2, 0);
  t.step({2});
  EXPECT_EQ(t.at(2, 0), std::fma(1.0f, -0.1f, before));
  EXPECT_NEAR(t.at(2, 0), -1.0724f, 5e-5f);
  EXPECT_NEAR(t.at(2, 1), -0.8550f, 5e-5f);
  EXPECT_NEAR(t.at(2, 2), 0.2239f, 5e-5f);
}

// AdamW as torch runs it, on the whole V × D table every step (the eager reference).
Matrix dense_adamw(Matrix p, const std::vector<IdList>& batches, int steps, double lr) {
  Matrix m = Matrix::Zero(p.rows(), p.cols()), v = Matrix::Zero(p.rows(), p.cols());
  const float decay = static_cast<float>(1.0 - lr * 0.01);
  for (int t = 1; t <= steps; ++t) {
    Matrix g = Matrix::Zero(p.rows(), p.cols());
    for (int64_t id : batches[static_cast<size_t>(t - 1) % batches.size()])
      for (int64_t c = 0; c < p.cols(); ++c) g(id, c) = g(id, c) + 1.0f;
    const double bc1 = 1.0 - std::pow(0.9, t), bc2 = 1.0 - std::pow(0.999, t);
    const float neg_step = static_cast<float>(-(lr / bc1)), bc2s = static_cast<float>(std::sqrt(bc2));
    for (int64_t i = 0; i < p.size(); ++i) {
      float& pi = p.data()[i];
      float& mi = m.data()[i];
      float& vi = v.data()[i];
      const float gi = g.data()[i];
      pi = pi * decay;
      mi = std::fma(gi, 0.1f, mi * 0.9f);
      vi = std::fma(static_cast<float>(1.0 - 0.999) * gi, gi, vi * 0.999f);
      pi = pi + (neg_step * mi) / (std::sqrt(vi) / bc2s + 1e-8f);
    }
  }
  return p;
}

TEST(Trainer, AdamWsLazyDecayIsTheEagerMultiplicationBitForBit) {
  const int64_t vocab = 40, dim = 7;
  const double lr = 0.9;  // a decay factor of 0.991: its powers are not repeated multiplication
  const std::vector<IdList> batches = {{3, 3, 17}, {0}, {39, 3}};
  TrainConfig config;
  config.optimizer = TrainOptimizer::AdamW;
  config.lr = lr;
  const TableView base = seeded_table(vocab, dim, 5);
  Trainer t(base, config);
  for (int s = 1; s <= 30; ++s) {
    t.step(batches[static_cast<size_t>(s - 1) % batches.size()]);
    if (s == 7 || s == 8) (void)t.at(20, 0);  // a row read midway (kept decayed) and read again later
    if (s == 10 || s == 30)
      EXPECT_TRUE(same_bits(t.to_matrix(), dense_adamw(base.to_matrix(), batches, s, lr))) << "after step " << s;
  }
  // Only 4 rows hold state; the other 36 are the base times the factor, once per step.
  EXPECT_EQ(t.state_row_count(), 4);
  EXPECT_EQ(t.stored_row_count(), 4);
  // The check above means something: a power of the factor is another float for some row.
  const float f = static_cast<float>(1.0 - lr * 0.01);
  const float pow30 = static_cast<float>(std::pow(static_cast<double>(f), 30));
  int differ = 0;
  for (int64_t r = 0; r < vocab; ++r) {
    if (t.has_state(r)) continue;
    for (int64_t c = 0; c < dim; ++c) differ += base.at(r, c) * pow30 != t.at(r, c) ? 1 : 0;
  }
  EXPECT_GT(differ, 0);
}

TEST(Trainer, ARowOfZerosIsNotMovedByDecay) {
  Matrix w = Matrix::Constant(3, 2, 1.0f);
  w.row(1).setZero();
  TrainConfig config;
  config.optimizer = TrainOptimizer::AdamW;
  Trainer t(table_of(w), config);
  const TrainStep& s = t.step({0});
  EXPECT_TRUE(s.decay_others);
  EXPECT_EQ(s.decayed_rows, 2);  // rows 1 and 2 were multiplied by the factor
  EXPECT_EQ(t.kind_in_last_step(1), RowMove::None);
  EXPECT_EQ(t.kind_in_last_step(2), RowMove::Decay);
  EXPECT_EQ(t.moved_rows_exact(), (std::vector<int64_t>{0, 2}));
}

TEST(Trainer, StateIsKeptForTheRowsThatHaveItNeverVTimesD) {
  const int64_t vocab = 50'257, dim = 64;
  TrainConfig config;
  config.optimizer = TrainOptimizer::Adam;
  config.randn_grad = true;
  config.grad_seed = 7;
  Trainer t(seeded_table(vocab, dim), config);
  t.step({15496, 11, 15496});
  t.step({995});
  EXPECT_EQ(t.state_rows(), (std::vector<int64_t>{11, 995, 15496}));
  EXPECT_TRUE(t.has_state(11));
  EXPECT_FALSE(t.has_state(12));
  // values, exp_avg, exp_avg_sq of 3 rows (and their index), far below one V × D array.
  EXPECT_LT(t.stored_bytes(), size_t{4096} * 3);
  EXPECT_EQ(t.last_step().rows_written(), 3);  // 995 by its gradient, 11 and 15496 by Adam's memory
  EXPECT_EQ(t.kind_in_last_step(995), RowMove::Gradient);
  EXPECT_EQ(t.kind_in_last_step(11), RowMove::Memory);
  EXPECT_EQ(t.kind_in_last_step(12), RowMove::None);
}

TEST(Trainer, SparseAdamsStateRowsWaitWithoutAGradient) {
  TrainConfig config;
  config.optimizer = TrainOptimizer::SparseAdam;
  Trainer t(seeded_table(6, 4), config);
  t.step({1, 4});
  const float row1 = t.at(1, 0);
  t.step({2});
  EXPECT_EQ(t.at(1, 0), row1);  // state held, nothing moved it
  EXPECT_EQ(t.state_rows(), (std::vector<int64_t>{1, 2, 4}));
  EXPECT_EQ(t.moved_rows_exact(), (std::vector<int64_t>{2}));
}

TEST(Trainer, ResetReturnsToTheBaseAndBadBatchesAreRefused) {
  TrainConfig config;
  config.optimizer = TrainOptimizer::Momentum;
  const TableView base = seeded_table(5, 3);
  Trainer t(base, config);
  t.step({1, 1});
  t.step({4});
  EXPECT_FALSE(same_bits(t.to_matrix(), base.to_matrix()));
  t.reset();
  EXPECT_TRUE(same_bits(t.to_matrix(), base.to_matrix()));
  EXPECT_EQ(t.steps_done(), 0);
  EXPECT_EQ(t.state_row_count(), 0);
  EXPECT_THROW(t.step({}), std::invalid_argument);
  EXPECT_THROW(t.step({5}), std::invalid_argument);
  EXPECT_THROW(t.step({-1}), std::invalid_argument);
  EXPECT_EQ(t.steps_done(), 0);
}

TEST(Trainer, OptimizerNamesRoundTrip) {
  for (TrainOptimizer o : kTrainOptimizers) EXPECT_EQ(optimizer_from_name(optimizer_name(o)), o);
  EXPECT_FALSE(optimizer_from_name("rmsprop"));
}

}  // namespace
}  // namespace lv

namespace lv {
namespace {

// A step's rows split across threads (Trainer::set_threads) gives the very floats one
// thread gives: 320 rows with state × D 1,024 is past kParallelValues, so the parts run.
TEST(Trainer, StepsOnManyThreadsEqualOneThreadBitForBit) {
  const TableView base = seeded_table(400, 1024, 9);
  for (TrainOptimizer o : {TrainOptimizer::Momentum, TrainOptimizer::Adam, TrainOptimizer::AdamW}) {
    TrainConfig c;
    c.optimizer = o;
    c.lr = 0.03;
    c.randn_grad = true;
    c.grad_seed = 5;
    Trainer one(base, c), many(base, c);
    one.set_threads(1);
    many.set_threads(3);
    for (int k = 0; k < 10; ++k) {
      IdList idx;
      for (int j = 0; j < 32; ++j) idx.push_back((k * 37 + j * 11) % 400);
      const TrainStep& a = one.step(idx);
      const TrainStep& b = many.step(idx);
      EXPECT_EQ(a.rows, b.rows) << optimizer_name(o) << " step " << k + 1;
      EXPECT_EQ(a.kinds, b.kinds) << optimizer_name(o) << " step " << k + 1;
    }
    ASSERT_GE(one.state_row_count() * one.cols(), kParallelValues) << "the parallel path is not taken";
    EXPECT_TRUE(same_bits(one.to_matrix(), many.to_matrix())) << optimizer_name(o);
  }
}

// The stored rows grow a chunk at a time (RowStore::kRows rows), never by doubling: what is
// held is at most one chunk per array above what the rows need.
TEST(Trainer, StoredRowsGrowByChunksNotByDoubling) {
  const TableView base = seeded_table(1000, 64);
  TrainConfig c;
  c.optimizer = TrainOptimizer::Adam;
  Trainer t(base, c);
  for (int k = 0; k < 40; ++k) {
    IdList idx;
    for (int j = 0; j < 7; ++j) idx.push_back((k * 7 + j) % 1000);
    t.step(idx);
    const size_t need = static_cast<size_t>(t.stored_row_count()) * 64 * sizeof(float) * 3;  // values, m, v
    const size_t chunk = static_cast<size_t>(RowStore::kRows) * 64 * sizeof(float) * 3;
    const size_t held = t.stored_bytes() - static_cast<size_t>(t.stored_row_count()) * 3 * sizeof(int64_t);
    EXPECT_LE(held, need + chunk + 64 * 1024) << "after step " << k + 1 << ": " << t.stored_row_count() << " rows";
  }
  // A copy of the table alone holds the values, not the optimizer's state, and reads the same.
  const Trainer copy = t.table_copy();
  EXPECT_TRUE(same_bits(copy.to_matrix(), t.to_matrix()));
  EXPECT_LT(copy.stored_bytes(), t.stored_bytes() / 2);
}

// torch's (after != before).any(dim=1) compares values: a row holding a NaN "moves" at every
// step whether written or not (NaN != NaN), and -0.0 == 0.0 does not. PyTorch 1.13 on this
// 4 × 3 table (row 1 with a NaN, row 3 with a -0.0), G = ones, lr 0.1:
//   SGD,  batches 2;0;2 -> [1, 2], [0, 1], [1, 2]
//   Adam, batches 2;0;1 -> [1, 2], [0, 1, 2], [0, 1, 2]
TEST(Trainer, ARowHoldingNaNMovesAtEveryStepAsInTorch) {
  Matrix m(4, 3);
  m << 0.5f, -1.0f, 2.0f, std::nanf(""), 1.0f, 0.25f, 3.0f, 0.0f, -2.0f, 1.5f, -0.0f, 0.75f;
  struct Case {
    TrainOptimizer optimizer;
    std::vector<IdList> batches;
    std::vector<std::vector<int64_t>> moved;
  };
  const std::vector<Case> cases = {
      {TrainOptimizer::Sgd, {{2}, {0}, {2}}, {{1, 2}, {0, 1}, {1, 2}}},
      {TrainOptimizer::Adam, {{2}, {0}, {1}}, {{1, 2}, {0, 1, 2}, {0, 1, 2}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(optimizer_name(c.optimizer)));
    TrainConfig config;
    config.optimizer = c.optimizer;
    Trainer t(table_of(m), config);
    EXPECT_TRUE(t.moved_rows_exact().empty()) << "no step yet: nothing moved";
    for (size_t s = 0; s < c.batches.size(); ++s) {
      t.step(c.batches[s]);
      EXPECT_EQ(t.moved_rows_exact(), c.moved[s]) << "step " << s + 1;
      for (int64_t r = 0; r < 4; ++r) {
        const bool listed = std::count(c.moved[s].begin(), c.moved[s].end(), r) > 0;
        EXPECT_EQ(t.moved_in_last_step(r), listed) << "step " << s + 1 << " row " << r;
      }
    }
  }
}

}  // namespace
}  // namespace lv
