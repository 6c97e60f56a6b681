// slide_code.hpp — the Python each slide shows under "The real code", with the
// live values (seed, IDs, shape, edited cells), built from the model. Each panel runs
// on its own in a fresh Python (it makes the table and the IDs it uses), and pasted into
// the REPL shows exactly the slide's "What PyTorch prints": every expression statement
// (`embedding.weight`) is shown as ">>> expr" and its repr. tests/oracle/code_panels_test.cpp
// runs them in PyTorch.
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
// Whether one-hot's width is max(idx) + 1 (the IDs set the vocabulary, no file): then
// one_hot(idx) needs no num_classes.
bool onehot_is_max_id(const App& app);
// "num_idx = 4\n" when code_onehot needs it and code_make_embedding is not there to
// define it (slide 3 makes no table); empty otherwise.
std::string code_num_idx(const App& app);
// A REPL-style block: ">>> expr\n" + printed value + "\n".
void append_repl(std::string& out, const char* expr, const std::string& printed);

}  // namespace lv::app
