// train_batches.cpp — see the header.
#include "core/train/train_batches.hpp"

#include <algorithm>

#include "core/text/id_parse.hpp"

namespace lv {

std::vector<IdList> train_batches(std::string_view typed, const IdList& ids, int window, int64_t vocab,
                                  std::string& error) {
  std::vector<IdList> out;
  error.clear();
  if (typed.find_first_not_of(" \t") == std::string_view::npos) {
    if (window > 0) {
      const size_t w = static_cast<size_t>(window);
      for (size_t i = 0; i < ids.size(); i += w)
        out.emplace_back(ids.begin() + static_cast<std::ptrdiff_t>(i),
                         ids.begin() + static_cast<std::ptrdiff_t>(std::min(ids.size(), i + w)));
    } else {
      for (int64_t id : ids) out.push_back(IdList{id});
    }
    return out;
  }
  IdRules rules;
  rules.vocab = vocab > 0 ? vocab : -1;
  size_t n = 0;
  for (size_t at = 0;; ++n) {
    const size_t semi = typed.find(';', at);
    const std::string_view part = typed.substr(at, semi == std::string_view::npos ? std::string_view::npos : semi - at);
    IdParse p = parse_ids(part, rules);
    if (!p.ok) {
      error =
          "batch " + std::to_string(n + 1) + ": " +
          (p.error.code == ParseCode::Empty ? std::string("no ID (batches are separated by ';')") : p.error.clause());
      return {};
    }
    out.push_back(std::move(p.ids));
    if (semi == std::string_view::npos) break;
    at = semi + 1;
  }
  return out;
}

}  // namespace lv
