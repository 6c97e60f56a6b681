// slide_code.hpp — the Python each slide shows under "The real code", with the
// live values (seed, IDs, shape, edited cells), built from the model. Each panel runs
// on its own in a fresh Python (it makes the table and the IDs it uses). Run as a REPL
// session, the value of each expression statement (`embedding.weight`), written as
// ">>> expr" and its repr, is exactly the slide's "What PyTorch prints" (lookupviz's own
// "# timed by lookupviz" lines aside). tests/oracle/code_panels_test.cpp runs them in PyTorch.
#pragma once
#include <array>
#include <string>

#include "app/state/slide_context.hpp"
#include "core/tokenizer/tokenizer.hpp"

namespace lv::app {

// "import torch", idx, num_idx, out_dim, "_ = torch.manual_seed(123)", the Embedding
// (or the loaded file's), the dtype's rounding and every edited cell.
std::string code_make_embedding(const SlideContext& cx);
// "idx = torch.tensor([2, 3, 1])\n"
std::string code_idx(const SlideContext& cx);
// One-hot call with or without num_classes, as the notebook writes it.
std::string code_onehot(const SlideContext& cx);
// Whether one-hot's width is max(idx) + 1 (the IDs set the vocabulary, no file): then
// one_hot(idx) needs no num_classes.
bool onehot_is_max_id(const SlideContext& cx);
// "num_idx = 4\n" when code_onehot needs it and code_make_embedding is not there to
// define it (slide 3 makes no table); empty otherwise.
std::string code_num_idx(const SlideContext& cx);
// The tokenizer the code calls: the table's own (its tokenizer.json or .gguf), else GPT-2's.
TokenizerOrigin code_tokenizer(const SlideContext& cx);
// The model's tokens as its vocabulary writes them ("▁Hello", "Ġworld"): a list expression over
// `ids` (a Python list or a name), after `setup` (lines, maybe empty; a .gguf's tokens are read
// with gguf-py: llama-cpp-python has no public token text), and the list as Python prints it.
std::string code_token_strings(const SlideContext& cx, const std::string& ids, std::string& setup);
std::string printed_token_strings(const SlideContext& cx, const IdList& ids);
// A REPL-style block: ">>> expr\n" + printed value + "\n".
void append_repl(std::string& out, const char* expr, const std::string& printed);
// The print panel while a question is asked: each ">>> expr" block of `output` whose
// expression holds one of `printed` (Hidden::printed) keeps its line and shows
// "(after you answer)" for its value. Null names are skipped.
void withhold_printed(std::string& output, const std::array<const char*, 3>& printed);

}  // namespace lv::app
