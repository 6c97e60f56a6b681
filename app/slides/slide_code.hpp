// slide_code.hpp — the Python each slide shows under "The real code", with the
// live values (seed, IDs, shape, edited cells), built from the model.
#pragma once
#include <string>

#include "app/app_state.hpp"

namespace lv::app {

// "torch.manual_seed(123)\nembedding = torch.nn.Embedding(4, 5)\n" plus any edited cells.
std::string code_make_embedding(const App& app);
// "idx = torch.tensor([2, 3, 1])\n"
std::string code_idx(const App& app);
// One-hot call with or without num_classes, as the notebook writes it.
std::string code_onehot(const App& app);
// A REPL-style block: ">>> expr\n" + printed value + "\n".
void append_repl(std::string& out, const char* expr, const std::string& printed);

}  // namespace lv::app
