// row_tokens.hpp — a table row as the token it stands for, and a row added as an ID: what
// "What a row means", its map and slide 7's map show and do when a row is hovered or clicked.
#pragma once
#include <cstdint>
#include <string>

#include "app/state/app_state.hpp"

namespace lv::app {

// Rows are tokens when the table brought its own tokenizer, or is GPT-2-sized with GPT-2's.
bool rows_are_tokens(const App& app);
// The text row `row`'s token shows (␣ for a space), "" when rows are not tokens (rows_are_tokens).
// rows: the rows of the table asked about (slide 7's own table may be GPT-2-sized when the model's is not).
std::string row_token_text(App& app, int64_t row);
std::string row_token_text(App& app, int64_t row, int64_t rows);
// Row `row` appended to the IDs (the same setter a typed ID goes through); false when
// the batch is full or the row is outside the table (the footer says why).
bool add_row_as_id(App& app, int64_t row);

}  // namespace lv::app
