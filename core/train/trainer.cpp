// trainer.cpp — torch 1.13's optimizer steps on an embedding table, float for float.
//
// The operation order is torch's own (single-tensor paths; `foreach` is off by default in
// 1.13), element by element, with the float32 rounding of each ATen CPU kernel as the AVX2
// build runs it (torch 1.13 on x86 picks AVX2 also on AVX-512 machines; probed against it):
//   add_(b, alpha=a)        fma(b, a, self)        (the vector path's fmadd; GCC contracted the
//                                                    scalar tail to the same FMA)
//   addcmul_(t1, t2, value=s) fma(s * t1, t2, self)
//   addcdiv_(t1, t2, value=s) self + (s * t1) / t2  (no FMA possible)
//   mul_, div (by a Python float: float(x)), sqrt, sub, pow(2): one rounding each
// Python floats given to a kernel (lr, betas, bias corrections) are computed in double and
// rounded to float32 once, as Scalar::to<float>() does.
//
// Gradients: embedding_dense_backward_cpu adds the rows of G into a zeroed row in batch
// order (grad_weight[k].add_(grad[i])); sparse=True keeps one value row per ID and
// SparseAdam's coalesce() sums repeats in the order its unstable sort leaves them (the same
// libstdc++ std::sort on (index, position) pairs, compared by index: for at most 16 IDs
// that is batch order, for more it is not).
//
// This file is compiled with -ffp-contract=off (core's flags): every a * b + c below is two
// roundings unless written std::fma.
#include "core/train/trainer.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <thread>

#include "core/torch/torch_format.hpp"
#include "core/torch/torch_generator.hpp"
#include "core/torch/torch_layers.hpp"
#include "core/torch/torch_random.hpp"

namespace lv {
namespace {

constexpr double kMomentum = 0.9;
constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEps = 1e-8;
constexpr double kWeightDecay = 1e-2;          // AdamW's default
constexpr size_t kDecayCacheValues = 1 << 20;  // at most 4 MB of decayed rows kept for reads

std::string py_list(const std::vector<int64_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(v[i]);
  }
  return s + "]";
}

// The table's gradient for a batch: the batch's rows, each the sum of its IDs' rows of G
// (B × D). Dense (embedding_dense_backward_cpu): from a zeroed row, in batch order. Sparse
// (SparseAdam's coalesce()): the indices sorted with torch's unstable sort (std::sort of
// (index, position) pairs compared by index), the first of a group copied, the others added.
struct TableGradient {
  std::vector<int64_t> rows;               // in order of first appearance (sparse: sorted)
  std::unordered_map<int64_t, size_t> at;  // row -> its place in rows
  std::vector<float> values;               // rows.size() × D
};

TableGradient table_gradient(const IdList& idx, const std::vector<float>& g, int64_t d, bool sparse) {
  TableGradient out;
  std::vector<std::pair<int64_t, int64_t>> order;  // (ID, its position in the batch)
  for (size_t i = 0; i < idx.size(); ++i) order.emplace_back(idx[i], static_cast<int64_t>(i));
  if (sparse) std::sort(order.begin(), order.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  for (const auto& [id, i] : order) {
    auto [it, fresh] = out.at.emplace(id, out.rows.size());
    const float* gi = g.data() + i * d;
    if (fresh) {
      out.rows.push_back(id);
      out.values.resize(out.values.size() + static_cast<size_t>(d));
    }
    float* row = out.values.data() + it->second * static_cast<size_t>(d);
    for (int64_t c = 0; c < d; ++c) row[c] = fresh ? (sparse ? gi[c] : 0.0f + gi[c]) : row[c] + gi[c];
  }
  return out;
}

// One step's Python floats (computed in double as Python does), as float32 the way the
// kernels take them (Scalar::to<float>()).
struct StepScalars {
  TrainOptimizer opt = TrainOptimizer::Sgd;
  bool first = false;  // step 1: momentum's buffer is clone(grad)
  float neg_lr, momentum, b1, omb1, b2, omb2, eps, bc2_sqrt, adam_neg_step, sparse_neg_step, decay;
};

StepScalars step_scalars(TrainOptimizer opt, double lr, int64_t t) {
  StepScalars k;
  k.opt = opt;
  k.first = t == 1;
  const double bc1 = 1.0 - std::pow(kBeta1, static_cast<double>(t));
  const double bc2 = 1.0 - std::pow(kBeta2, static_cast<double>(t));
  k.neg_lr = static_cast<float>(-lr);
  k.momentum = static_cast<float>(kMomentum);
  k.b1 = static_cast<float>(kBeta1);
  k.omb1 = static_cast<float>(1.0 - kBeta1);
  k.b2 = static_cast<float>(kBeta2);
  k.omb2 = static_cast<float>(1.0 - kBeta2);
  k.eps = static_cast<float>(kEps);
  k.bc2_sqrt = static_cast<float>(std::sqrt(bc2));
  k.adam_neg_step = static_cast<float>(-(lr / bc1));
  k.sparse_neg_step = static_cast<float>(-(lr * std::sqrt(bc2) / bc1));
  k.decay = static_cast<float>(1.0 - lr * kWeightDecay);
  return k;
}

// One row's update (D values) in torch's operation order: p the parameter, m / v the
// optimizer's state (null when it has none), gr the row's gradient (zeros when the batch
// does not hold it). Inlined twice below: std::fma is exact either way (one rounding), but
// without the FMA instruction it is a libm call per value.
[[gnu::always_inline]] inline void update_row_body(const StepScalars& k, int64_t d, const float* gr, float* p, float* m,
                                                   float* v) {
  const TrainOptimizer opt = k.opt;
  switch (opt) {
    case TrainOptimizer::Sgd:  // param.add_(grad, alpha=-lr)
      for (int64_t c = 0; c < d; ++c) p[c] = std::fma(gr[c], k.neg_lr, p[c]);
      break;
    case TrainOptimizer::Momentum:  // buf = clone(grad) at step 1, else buf.mul_(0.9).add_(grad)
      for (int64_t c = 0; c < d; ++c) {
        m[c] = k.first ? gr[c] : std::fma(gr[c], 1.0f, m[c] * k.momentum);
        p[c] = std::fma(m[c], k.neg_lr, p[c]);  // param.add_(buf, alpha=-lr)
      }
      break;
    case TrainOptimizer::Adam:
    case TrainOptimizer::AdamW:
      for (int64_t c = 0; c < d; ++c) {
        if (opt == TrainOptimizer::AdamW) p[c] = p[c] * k.decay;   // param.mul_(1 - lr * wd)
        m[c] = std::fma(gr[c], k.omb1, m[c] * k.b1);               // exp_avg.mul_(b1).add_(grad, alpha=1-b1)
        v[c] = std::fma(k.omb2 * gr[c], gr[c], v[c] * k.b2);       // exp_avg_sq.mul_(b2).addcmul_(grad, grad, 1-b2)
        const float denom = std::sqrt(v[c]) / k.bc2_sqrt + k.eps;  // (exp_avg_sq.sqrt() / bc2_sqrt).add_(eps)
        p[c] = p[c] + (k.adam_neg_step * m[c]) / denom;            // param.addcdiv_(exp_avg, denom, -step_size)
      }
      break;
    case TrainOptimizer::SparseAdam:
      for (int64_t c = 0; c < d; ++c) {
        const float old_m = m[c], old_v = v[c];
        const float upd_m = (gr[c] - old_m) * k.omb1;          // grad.sub(old).mul_(1 - b1)
        m[c] = old_m + upd_m;                                  // exp_avg.add_(sparse)
        const float upd_v = (gr[c] * gr[c] - old_v) * k.omb2;  // grad.pow(2).sub_(old).mul_(1 - b2)
        v[c] = old_v + upd_v;
        const float numer = upd_m + old_m;
        const float denom = std::sqrt(upd_v + old_v) + k.eps;
        p[c] = p[c] + (numer / denom) * k.sparse_neg_step;  // param.add_(sparse(-step_size * numer / denom))
      }
      break;
  }
}

[[gnu::target("fma")]] void update_row_fma(const StepScalars& k, int64_t d, const float* gr, float* p, float* m,
                                           float* v) {
  update_row_body(k, d, gr, p, m, v);
}

void update_row_plain(const StepScalars& k, int64_t d, const float* gr, float* p, float* m, float* v) {
  update_row_body(k, d, gr, p, m, v);
}

void update_row(const StepScalars& k, int64_t d, const float* gr, float* p, float* m, float* v) {
  static const bool fma = __builtin_cpu_supports("fma");
  if (fma) update_row_fma(k, d, gr, p, m, v);
  else update_row_plain(k, d, gr, p, m, v);
}

}  // namespace

std::string_view optimizer_name(TrainOptimizer o) {
  switch (o) {
    case TrainOptimizer::Sgd: return "sgd";
    case TrainOptimizer::Momentum: return "momentum";
    case TrainOptimizer::Adam: return "adam";
    case TrainOptimizer::AdamW: return "adamw";
    case TrainOptimizer::SparseAdam: return "sparse_adam";
  }
  return "sgd";
}

std::optional<TrainOptimizer> optimizer_from_name(std::string_view name) {
  for (TrainOptimizer o : kTrainOptimizers)
    if (optimizer_name(o) == name) return o;
  return std::nullopt;
}

bool optimizer_has_state(TrainOptimizer o) { return o != TrainOptimizer::Sgd; }

RowStore::RowStore(const RowStore& o) : count_(o.count_), d_(o.d_) {
  chunks_.reserve(o.chunks_.size());
  for (size_t c = 0; c < o.chunks_.size(); ++c) {
    const size_t n = static_cast<size_t>(chunk_rows(c) * d_);
    chunks_.emplace_back(new float[n]);
    std::copy_n(o.chunks_[c].get(), n, chunks_.back().get());
  }
}

RowStore& RowStore::operator=(const RowStore& o) {
  if (this != &o) *this = RowStore(o);
  return *this;
}

void RowStore::clear() {
  chunks_.clear();
  chunks_.shrink_to_fit();
  count_ = 0;
}

float* RowStore::add(int64_t d) {
  if (count_ == 0) d_ = d;
  const Place p = place(count_);
  if (p.chunk >= chunks_.size()) chunks_.emplace_back(new float[static_cast<size_t>(chunk_rows(p.chunk) * d_)]());
  return row(count_++);
}

size_t RowStore::bytes() const {
  size_t n = 0;
  for (size_t c = 0; c < chunks_.size(); ++c) n += static_cast<size_t>(chunk_rows(c) * d_) * sizeof(float);
  return n;
}

Trainer::Trainer(TableView base, TrainConfig config) : base_(std::move(base)), config_(config) {}

Trainer Trainer::table_copy() const {
  Trainer t;
  t.base_ = base_;
  t.config_ = config_;
  t.step_ = step_;
  t.last_ = last_;
  t.slot_ = slot_;
  t.slot_row_ = slot_row_;
  t.value_ = value_;
  t.threads_ = threads_;
  t.nan_base_rows_ = nan_base_rows_;
  return t;
}

void Trainer::reset() {
  step_ = 0;
  last_ = TrainStep{};
  slot_.clear();
  slot_row_.clear();
  value_.clear();
  m_.clear();
  v_.clear();
  decay_cache_.clear();
}

float Trainer::decay_factor() const {
  return static_cast<float>(1.0 - config_.lr * kWeightDecay);  // param.mul_(1 - lr * weight_decay)
}

int64_t Trainer::slot_of(int64_t r) const {
  auto it = slot_.find(r);
  return it == slot_.end() ? -1 : it->second;
}

void Trainer::decayed_base_row(int64_t r, int64_t through, float* out) const {
  const int64_t d = cols();
  const float f = decay_factor();
  auto it = decay_cache_.find(r);
  int64_t done = 0;
  if (it != decay_cache_.end() && it->second.through <= through) {
    std::copy(it->second.values.begin(), it->second.values.end(), out);
    done = it->second.through;
  } else {
    base_.read_row(r, out);
  }
  // One multiplication per step, as torch's eager param.mul_ (a power of f is another float).
  for (int64_t s = done; s < through; ++s)
    for (int64_t c = 0; c < d; ++c) out[c] = out[c] * f;
  if (through == done || through == 0) return;
  if (decay_cache_.size() * static_cast<size_t>(d) >= kDecayCacheValues) decay_cache_.clear();
  DecayedRow& row = decay_cache_[r];
  if (row.values.empty() || row.through <= through) {
    row.through = through;
    row.values.assign(out, out + d);
  }
}

void Trainer::read_row(int64_t r, float* out) const {
  if (r < 0 || r >= rows()) throw std::out_of_range("Trainer::read_row: no such row");
  const int64_t s = slot_of(r);
  if (s >= 0) {
    std::copy_n(value_.row(s), cols(), out);
  } else if (config_.optimizer == TrainOptimizer::AdamW && step_ > 0) {
    decayed_base_row(r, step_, out);
  } else {
    base_.read_row(r, out);
  }
}

float Trainer::at(int64_t r, int64_t c) const {
  std::vector<float> row(static_cast<size_t>(cols()));
  read_row(r, row.data());
  return row[static_cast<size_t>(c)];
}

Matrix Trainer::to_matrix() const {
  Matrix m(rows(), cols());
  for (int64_t r = 0; r < rows(); ++r) read_row(r, m.data() + r * cols());
  return m;
}

int64_t Trainer::add_slot(int64_t r) {
  const int64_t d = cols();
  const int64_t s = static_cast<int64_t>(slot_row_.size());
  read_row(r, value_.add(d));  // not yet a slot's: the base, decayed through step_
  slot_.emplace(r, s);
  slot_row_.push_back(r);
  decay_cache_.erase(r);
  if (optimizer_has_state(config_.optimizer)) m_.add(d);
  if (config_.optimizer == TrainOptimizer::Adam || config_.optimizer == TrainOptimizer::AdamW ||
      config_.optimizer == TrainOptimizer::SparseAdam)
    v_.add(d);
  return s;
}

const TrainStep& Trainer::step(const IdList& idx) {
  const int64_t d = cols();
  if (idx.empty()) throw std::invalid_argument("Trainer::step: a batch needs at least one ID");
  for (int64_t id : idx)
    if (id < 0 || id >= rows()) throw std::invalid_argument("Trainer::step: an ID is out of range");
  const int64_t t = step_ + 1;
  const TrainOptimizer opt = config_.optimizer;
  const bool sparse = opt == TrainOptimizer::SparseAdam;

  // G: the upstream gradient, B × D.
  const int64_t b = static_cast<int64_t>(idx.size());
  std::vector<float> g(static_cast<size_t>(b * d), 1.0f);
  if (config_.randn_grad) {
    TorchGenerator gen(static_cast<uint64_t>(config_.grad_seed) + static_cast<uint64_t>(t));
    normal_(g.data(), g.size(), 0.0, 1.0, gen);
  }

  // The table's gradient, by row (SparseAdam: coalesced).
  TableGradient grad = table_gradient(idx, g, d, sparse);
  const std::vector<int64_t>& grad_rows = grad.rows;
  for (int64_t r : grad_rows)
    if (slot_of(r) < 0) add_slot(r);  // its value as of step t − 1
  step_ = t;

  const StepScalars k = step_scalars(opt, config_.lr, t);
  last_ = TrainStep{};
  last_.step = t;
  last_.idx = idx;
  const std::vector<float> zeros(static_cast<size_t>(d), 0.0f);
  // SGD and SparseAdam touch only the batch's rows; the others every row with state.
  std::vector<int64_t> todo;
  if (opt == TrainOptimizer::Sgd || sparse) todo = grad_rows;
  else todo = slot_row_;
  std::sort(todo.begin(), todo.end());
  // Rows [a, b) of todo updated, each one's "moved" noted: rows are independent, so parts
  // run on their own threads (each row's operations the same, in the same order).
  std::vector<uint8_t> moved(todo.size(), 0);
  auto update = [&](size_t a, size_t b) {
    std::vector<float> before(static_cast<size_t>(d));
    for (size_t i = a; i < b; ++i) {
      const int64_t r = todo[i];
      const int64_t s = slot_of(r);
      float* p = value_.row(s);
      float* m = m_.empty() ? nullptr : m_.row(s);
      float* v = v_.empty() ? nullptr : v_.row(s);
      auto gi = grad.at.find(r);
      const float* gr = gi != grad.at.end() ? grad.values.data() + gi->second * static_cast<size_t>(d) : zeros.data();
      std::copy_n(p, d, before.begin());
      update_row(k, d, gr, p, m, v);
      bool changed = false;
      for (int64_t c = 0; c < d && !changed; ++c) changed = !(p[c] == before[static_cast<size_t>(c)]);
      moved[i] = changed;
    }
  };
  size_t parts = 1;
  if (static_cast<int64_t>(todo.size()) * d >= kParallelValues && threads_ != 1)
    parts = std::max<size_t>(1, threads_ > 0 ? static_cast<size_t>(threads_) : std::thread::hardware_concurrency());
  parts = std::min(parts, todo.size());
  if (parts <= 1) {
    update(0, todo.size());
  } else {
    std::vector<std::thread> helpers;
    const size_t per = (todo.size() + parts - 1) / parts;
    for (size_t a = per; a < todo.size(); a += per) helpers.emplace_back(update, a, std::min(todo.size(), a + per));
    update(0, std::min(todo.size(), per));
    for (std::thread& t : helpers) t.join();
  }
  for (size_t i = 0; i < todo.size(); ++i)
    if (moved[i]) {
      last_.rows.push_back(todo[i]);
      last_.kinds.push_back(grad.at.count(todo[i]) ? RowMove::Gradient : RowMove::Memory);
    }
  if (opt == TrainOptimizer::AdamW) {
    last_.decay_others = true;
    last_.decayed_rows = rows() - stored_row_count();
  }
  return last_;
}

RowMove Trainer::kind_in_last_step(int64_t r) const {
  auto it = std::lower_bound(last_.rows.begin(), last_.rows.end(), r);
  if (it != last_.rows.end() && *it == r) return last_.kinds[static_cast<size_t>(it - last_.rows.begin())];
  if (slot_of(r) >= 0 || !last_.decay_others) return RowMove::None;
  return moved_in_last_step(r) ? RowMove::Decay : RowMove::None;
}

bool Trainer::holds_nan(int64_t r) const {
  std::vector<float> row(static_cast<size_t>(cols()));
  read_row(r, row.data());
  return std::any_of(row.begin(), row.end(), [](float x) { return std::isnan(x); });
}

bool Trainer::moved_in_last_step(int64_t r) const {
  if (step_ == 0) return false;
  if (std::binary_search(last_.rows.begin(), last_.rows.end(), r)) return true;
  // torch's after != before is true where a NaN is, so a NaN row "moves" at every step.
  if (holds_nan(r)) return true;
  if (slot_of(r) >= 0 || !last_.decay_others) return false;
  // A row without state: the base decayed through the step before, then once more.
  std::vector<float> row(static_cast<size_t>(cols()));
  decayed_base_row(r, step_ - 1, row.data());
  const float f = decay_factor();
  for (float x : row)
    if (!(x * f == x)) return true;
  return false;
}

std::vector<int64_t> Trainer::moved_rows_exact() const {
  std::vector<int64_t> out;
  if (step_ == 0) return out;
  if (last_.decay_others) {
    for (int64_t r = 0; r < rows(); ++r)
      if (moved_in_last_step(r)) out.push_back(r);
    return out;
  }
  // The rows the step wrote, and every row holding a NaN (NaN != NaN): stored rows read
  // from the overlay, the others from the base, scanned once.
  if (!nan_base_rows_) {
    nan_base_rows_.emplace();
    std::vector<float> row(static_cast<size_t>(cols()));
    for (int64_t r = 0; r < rows(); ++r) {
      base_.read_row(r, row.data());
      if (std::any_of(row.begin(), row.end(), [](float x) { return std::isnan(x); })) nan_base_rows_->push_back(r);
    }
  }
  out = last_.rows;
  for (int64_t r : slot_row_)
    if (holds_nan(r)) out.push_back(r);
  for (int64_t r : *nan_base_rows_)
    if (slot_of(r) < 0) out.push_back(r);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool Trainer::has_state(int64_t r) const { return optimizer_has_state(config_.optimizer) && slot_of(r) >= 0; }

std::vector<int64_t> Trainer::state_rows() const {
  if (!optimizer_has_state(config_.optimizer)) return {};
  std::vector<int64_t> out = slot_row_;
  std::sort(out.begin(), out.end());
  return out;
}

std::span<const int64_t> Trainer::state_rows_unsorted() const {
  if (!optimizer_has_state(config_.optimizer)) return {};
  return slot_row_;
}

int64_t Trainer::state_row_count() const { return optimizer_has_state(config_.optimizer) ? stored_row_count() : 0; }

size_t Trainer::stored_bytes() const {
  return value_.bytes() + m_.bytes() + v_.bytes() + slot_row_.capacity() * sizeof(int64_t) +
         slot_.size() * 2 * sizeof(int64_t);
}

std::string train_transcript(const TrainPrintOptions& o) {
  int64_t vocab = o.vocab;
  if (vocab == 0)
    for (const IdList& b : o.batches)
      for (int64_t id : b) vocab = std::max(vocab, id + 1);
  TorchGenerator gen(o.seed);
  auto table = std::make_shared<const Matrix>(embedding_init(vocab, o.dim, gen));
  Trainer trainer(TableView(table, nullptr, TableDtype::Float32, nullptr), o.config);
  std::string out;
  for (int64_t k = 1; k <= o.steps; ++k) {
    const IdList& idx = o.batches[static_cast<size_t>((k - 1) % static_cast<int64_t>(o.batches.size()))];
    trainer.step(idx);
    out += "step " + std::to_string(k) + ": idx = " + py_list(idx) +
           "; rows moved = " + py_list(trainer.moved_rows_exact()) + "\n";
    // print(embedding.weight): only the values torch's repr reads (all of a small table).
    std::vector<float> row(static_cast<size_t>(trainer.cols()));
    int64_t row_at = -1;
    auto at = [&](int64_t r, int64_t c) {
      if (r != row_at) trainer.read_row(row_at = r, row.data());
      return row[static_cast<size_t>(c)];
    };
    out += repr_parameter_edges(edges_of<Matrix>(trainer.rows(), trainer.cols(), at), trainer.rows(), trainer.cols()) +
           "\n";
  }
  return out;
}

}  // namespace lv
