// row_tokens.cpp — see the header.
#include "app/state/row_tokens.hpp"

#include <cstdio>

#include "app/state/app_edits.hpp"
#include "core/text/id_parse.hpp"
#include "core/text/text_format.hpp"
#include "core/text/token_text.hpp"
#include "core/text/wide_text.hpp"
#include "core/tokenizer/bpe_vocab.hpp"

namespace lv::app {
namespace {

bool tokens_for(const App& app, int64_t rows) {
  return app.tokenizer && (app.model_tokenizer || rows == static_cast<int64_t>(kGpt2VocabSize));
}

}  // namespace

bool rows_are_tokens(const App& app) { return tokens_for(app, app.derived.vocab); }

std::string row_token_text(App& app, int64_t row) { return row_token_text(app, row, app.derived.vocab); }

std::string row_token_text(App& app, int64_t row, int64_t rows) {
  if (!tokens_for(app, rows) || row < 0 || row >= static_cast<int64_t>(app.tokenizer->vocab_size())) return {};
  return wide_to_edit(app.ui.editor.wide, visible_token_text(app.tokenizer->token_bytes(row)));
}

bool add_row_as_id(App& app, int64_t row) {
  char line[160];
  if (row < 0 || row >= app.derived.vocab) {
    std::snprintf(line, sizeof line, "Row %s is not a row of the table the IDs index (%s rows): not added.",
                  with_commas(row).c_str(), with_commas(app.derived.vocab).c_str());
    set_status(app, line);
    return false;
  }
  if (app.inputs.ids.size() >= kMaxIds) {
    set_status(app, "The batch is full: remove an ID first.");
    return false;
  }
  IdList ids = app.inputs.ids;
  ids.push_back(row);
  edit_ids(app, ids);
  std::snprintf(line, sizeof line, "Added row %lld as an ID.", static_cast<long long>(row));
  set_status(app, line);
  return true;
}

}  // namespace lv::app
