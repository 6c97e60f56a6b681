// id_parse.hpp — typed token IDs, untrusted: "2, 3, 1", "[2,3,1]", "2 3 1",
// "tensor([2, 3, 1])" -> a list of IDs, or one sentence saying what is wrong in a
// user's words ("7 is out of range: this table has 4 rows, IDs 0–3").
// One rule everywhere (the IDs field, --ids, --detokenize): IDs are separated by commas
// or spaces, optionally in one pair of brackets; empty items are skipped, so "", ",",
// "[]" and "[ ]" all hold no ID (ParseCode::Empty: --detokenize takes that as the empty
// list, --ids and the field want at least one).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/text/parse_error.hpp"
#include "core/torch/tensor.hpp"

namespace lv {

// Hard limits shared by the command line, the UI and the loaders (the table-size rule:
// core/torch/table_size.hpp).
inline constexpr size_t kMaxIds = 4096;           // IDs in one batch
inline constexpr int64_t kMaxVocab = 10'000'000;  // rows of a seeded table (and largest ID + 1)
inline constexpr int64_t kMaxDim = 65'536;        // columns of a seeded table

struct IdRules {
  int64_t vocab = -1;              // fixed table rows: IDs must be < vocab; -1: V follows max(ids)+1
  size_t max_count = kMaxIds;      // too many IDs beyond this
  int64_t max_id = kMaxVocab - 1;  // "too large" beyond this when vocab is -1
  std::string_view too_large;      // that sentence after the ID instead of "is too large: IDs go up to …."
};

struct IdParse {
  bool ok = false;
  IdList ids;        // when ok
  ParseError error;  // when !ok: its message is one sentence ("no ID at all" is ParseCode::Empty)
};

IdParse parse_ids(std::string_view text, const IdRules& rules = {});

// num_idx as the notebook makes it, max(ids) + 1: the rows a table needs for these
// IDs (0 for no IDs). The command line, the settings file and the window all use it.
int64_t vocab_for_ids(const IdList& ids);

// "2, 3, 1" — the canonical text of a list, as the IDs field shows it.
std::string format_ids(const IdList& ids);

}  // namespace lv
