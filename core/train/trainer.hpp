// trainer.hpp — the notebook's embedding trained step by step, as PyTorch 1.13 does it,
// bit for bit (torch/optim/{sgd,adam,adamw,sparse_adam}.py's single-tensor paths on CPU,
// the AVX2 build's kernels — see trainer.cpp for the operation order of each optimizer).
//
// Each step: idx = a batch of IDs; out = embedding(idx); loss = out.sum() (G all ones) or
// (out * G).sum() with G = torch.randn(B, D) after torch.manual_seed(GSEED + step);
// zero_grad, backward, optimizer.step().
//
// At scale: the trained table is an overlay on the base (a TableView: the seeded table or a
// file's, never copied). Only the rows a gradient has touched are stored, with the
// optimizer's state for them (never V × D). AdamW's weight decay of the other rows is lazy:
// such a row is the base row multiplied by the decay factor once per step, one float
// multiplication at a time when it is read (exactly torch's eager param.mul_ per step).
//
// Which rows moved in a step, and why (RowMove): by this step's gradient, by the optimizer's
// memory (momentum / Adam's moments) with no gradient this step, or by weight decay only.
//
// Storage: the stored rows (values, momentum buffer, Adam's moments) live in chunks of
// RowStore::kRows rows each, allocated as rows are added: growing never reallocates and
// copies what is held (a std::vector of slot × D doubled its capacity, and for a moment
// held the old and the new buffer at once).
//
// A step updates its rows on every core (std::thread::hardware_concurrency) once it has
// enough of them (kParallelValues): rows are independent, each row's operations are the
// same as on one thread, so the result is bit for bit the same.
//
// Not thread-safe: reads may fill a small cache of decayed rows (like TableView's). One
// thread at a time uses a Trainer (app/slides/slide_09_train.cpp moves it to its worker
// for a step and back); table_copy() is what another thread may read while this one steps.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/io/table_view.hpp"
#include "core/torch/tensor.hpp"

namespace lv {

enum class TrainOptimizer {
  Sgd,         // torch.optim.SGD(params, lr)
  Momentum,    // torch.optim.SGD(params, lr, momentum=0.9)
  Adam,        // torch.optim.Adam(params, lr)
  AdamW,       // torch.optim.AdamW(params, lr) (weight_decay 0.01)
  SparseAdam,  // torch.optim.SparseAdam(params, lr), the embedding made with sparse=True
};
inline constexpr TrainOptimizer kTrainOptimizers[] = {TrainOptimizer::Sgd, TrainOptimizer::Momentum,
                                                      TrainOptimizer::Adam, TrainOptimizer::AdamW,
                                                      TrainOptimizer::SparseAdam};
std::string_view optimizer_name(TrainOptimizer o);  // "sgd", "momentum", "adam", "adamw", "sparse_adam"
std::optional<TrainOptimizer> optimizer_from_name(std::string_view name);
// Whether the optimizer keeps per-row state (everything but plain SGD).
bool optimizer_has_state(TrainOptimizer o);

struct TrainConfig {
  TrainOptimizer optimizer = TrainOptimizer::Sgd;  // which torch.optim
  double lr = 0.1;                                 // the learning rate, as Python's float
  bool randn_grad = false;                         // false: G all ones (out.sum()); true: torch.randn(B, D)
  int64_t grad_seed = 0;                           // GSEED: G is drawn after torch.manual_seed(GSEED + step)
};

// Why a row's values changed in a step.
enum class RowMove : uint8_t {
  None,      // unchanged
  Gradient,  // its ID is in this step's batch
  Memory,    // no gradient this step: the optimizer's state (momentum, Adam's moments) moved it
  Decay,     // no gradient and no state: AdamW's weight decay alone moved it
};

struct TrainStep {
  int64_t step = 0;  // 1, 2, ... (0: no step yet)
  IdList idx;        // this step's batch
  // The rows with state or a gradient that changed, sorted, and why (Gradient or Memory).
  std::vector<int64_t> rows;
  std::vector<RowMove> kinds;
  // AdamW: every row without state was multiplied by the decay factor this step (they all
  // count as Decay; moved_in_last_step(r) says whether a given row's values really changed —
  // a row of zeros does not).
  bool decay_others = false;
  int64_t decayed_rows = 0;  // how many rows that is (V − rows with state)

  // "rows written this step": rows (+ decayed_rows).
  int64_t rows_written() const { return static_cast<int64_t>(rows.size()) + decayed_rows; }
};

// Rows of D floats held in chunks (zeros when added): the first chunks hold 1, 2, 4 and 8
// rows (a few rows cost a few rows), every later one kRows. Adding a row never moves the
// rows held, and memory grows by one chunk at a time. Copies are deep.
class RowStore {
 public:
  static constexpr int64_t kRows = 16;
  RowStore() = default;
  RowStore(const RowStore& o);
  RowStore& operator=(const RowStore& o);
  RowStore(RowStore&&) noexcept = default;
  RowStore& operator=(RowStore&&) noexcept = default;

  void clear();
  bool empty() const { return count_ == 0; }
  int64_t size() const { return count_; }
  // A new row of d floats (zeros) at index size(); every row of a store has the same d.
  float* add(int64_t d);
  float* row(int64_t s) {
    const Place p = place(s);
    return chunks_[p.chunk].get() + p.offset * d_;
  }
  const float* row(int64_t s) const {
    const Place p = place(s);
    return chunks_[p.chunk].get() + p.offset * d_;
  }
  size_t bytes() const;

 private:
  struct Place {
    size_t chunk;
    int64_t offset;
  };
  static constexpr int64_t kSmall = kRows - 1;  // rows in the chunks of 1, 2, 4, 8
  static Place place(int64_t s) {
    if (s >= kSmall) return {static_cast<size_t>(4 + (s - kSmall) / kRows), (s - kSmall) % kRows};
    const int c = 63 - __builtin_clzll(static_cast<unsigned long long>(s + 1));  // floor(log2(s + 1))
    return {static_cast<size_t>(c), s + 1 - (int64_t{1} << c)};
  }
  static int64_t chunk_rows(size_t c) { return c < 4 ? int64_t{1} << c : kRows; }
  std::vector<std::unique_ptr<float[]>> chunks_;
  int64_t count_ = 0, d_ = 0;
};

// A step's row updates run on every core from this many values (rows × D) on.
inline constexpr int64_t kParallelValues = int64_t{1} << 18;

class Trainer {
 public:
  Trainer() = default;
  // base: the table before training (kept, never copied or written).
  Trainer(TableView base, TrainConfig config);

  const TrainConfig& config() const { return config_; }
  const TableView& base() const { return base_; }
  int64_t rows() const { return base_.rows(); }
  int64_t cols() const { return base_.cols(); }
  int64_t steps_done() const { return step_; }

  // One optimizer step on this batch (IDs in [0, rows()), at least one; else
  // std::invalid_argument). Returns what moved (also last_step()).
  const TrainStep& step(const IdList& idx);
  const TrainStep& last_step() const { return last_; }
  // Back to the base table: no state, no steps.
  void reset();
  // The trained table alone (the values and the steps' decay, no optimizer state): what a
  // save reads on another thread while this one goes on. O(rows stored × D), never V × D.
  Trainer table_copy() const;
  // Threads a step's row updates may use (0: every core; 1: the calling thread alone).
  void set_threads(int n) { threads_ = n; }

  // The trained table, read through the overlay (what embedding.weight holds now).
  void read_row(int64_t r, float* out) const;
  float at(int64_t r, int64_t c) const;
  Matrix to_matrix() const;  // V × D (tests, the CLI's small tables)

  // Whether row r's values changed in the last step (exact: torch's (after != before).any(),
  // which compares values: -0.0 == 0.0 did not move, and a row holding a NaN moved at every
  // step, written or not, since NaN != NaN).
  bool moved_in_last_step(int64_t r) const;
  // Why row r moved in the last step (None: it did not; a row without state under AdamW's
  // decay is Decay when its values changed).
  RowMove kind_in_last_step(int64_t r) const;
  // All the rows that changed in the last step, sorted, by the same rule (reads every row
  // without state when AdamW decayed them: O(V · D); else the base is scanned for NaN rows
  // once per trainer, O(V · D) the first time; the CLI's "rows moved").
  std::vector<int64_t> moved_rows_exact() const;

  // The optimizer's state: which rows hold it (momentum buffer, Adam's moments), sorted.
  bool has_state(int64_t r) const;
  std::vector<int64_t> state_rows() const;
  std::span<const int64_t> state_rows_unsorted() const;  // the same rows, no copy (drawn every frame)
  int64_t state_row_count() const;
  // Rows stored in the overlay (touched by a gradient at least once).
  int64_t stored_row_count() const { return static_cast<int64_t>(slot_row_.size()); }
  // Bytes held for the overlay and the state (values, moments).
  size_t stored_bytes() const;

 private:
  struct DecayedRow {
    int64_t through = 0;  // the steps of decay applied to values
    std::vector<float> values;
  };
  int64_t slot_of(int64_t r) const;  // -1: not stored
  int64_t add_slot(int64_t r);       // stored from the current value (decayed through step_ - 1)
  void decayed_base_row(int64_t r, int64_t through, float* out) const;  // base row after `through` decays
  float decay_factor() const;
  bool holds_nan(int64_t r) const;  // row r's value now holds a NaN

  TableView base_;
  TrainConfig config_;
  int64_t step_ = 0;
  TrainStep last_;
  std::unordered_map<int64_t, int64_t> slot_;  // row -> slot
  std::vector<int64_t> slot_row_;              // slot -> row
  RowStore value_;                             // slot × D: the trained values
  RowStore m_;                                 // slot × D: momentum buffer / exp_avg
  RowStore v_;                                 // slot × D: exp_avg_sq (Adam family)
  int threads_ = 0;
  mutable std::unordered_map<int64_t, DecayedRow> decay_cache_;  // AdamW: rows without state read lately
  mutable std::optional<std::vector<int64_t>> nan_base_rows_;    // base rows holding a NaN (found when first asked)
};

// The whole run the CLI prints (core of --train-print): `steps` steps over `batches` cycled.
struct TrainPrintOptions {
  uint64_t seed = 123;  // torch.manual_seed before nn.Embedding
  std::vector<IdList> batches;
  int64_t vocab = 0;  // 0: max ID + 1
  int64_t dim = 5;
  TrainConfig config;
  int64_t steps = 3;
};
// What shared/tools/train-oracle prints: per step "step k: idx = [...]; rows moved = [...]"
// and print(embedding.weight).
std::string train_transcript(const TrainPrintOptions& o);

}  // namespace lv
