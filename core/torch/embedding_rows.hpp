// embedding_rows.hpp — embedding(idx) for a seeded nn.Embedding(V, D) without drawing the
// whole V x D table: normal_'s block fill transforms each block of 16 draws alone, so a
// row needs only the blocks that hold it (and, when V·D % 16 != 0, the 16 fresh draws
// that overwrite the last 16 values). The generator is skipped over the rest and ends
// where embedding_init leaves it, so layers drawn after the table (slide 10's W_query,
// W_key, W_value) get the same numbers as in torch. A 50,257 x 768 table's rows cost a
// skip of 38.6M draws (~0.1 s) instead of 150 MB and the transform.
#pragma once
#include <cstdint>

#include "core/torch/tensor.hpp"
#include "core/torch/torch_generator.hpp"

namespace lv {

// torch.manual_seed(s); nn.Embedding(vocab, dim)(torch.tensor(ids)): ids.size() x dim, and
// gen as after the Embedding's init. IDs must be in [0, vocab).
Matrix embedding_rows(int64_t vocab, int64_t dim, const IdList& ids, TorchGenerator& gen);

}  // namespace lv
