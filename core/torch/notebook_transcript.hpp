// notebook_transcript.hpp — the bonus notebook's steps as PyTorch prints them:
// exactly what shared/tools/torch-oracle prints for the same seed, IDs, D and V.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/torch/dtype_round.hpp"
#include "core/io/table_file.hpp"
#include "core/tokenizer/tokenizer.hpp"  // TokenizerOrigin: which tokenizer the code calls
#include "core/torch/tensor.hpp"

namespace lv {

struct NotebookCase {
  uint64_t seed = 123;
  std::string seed_text = "123";  // as Python prints the seed
  IdList ids = {2, 3, 1};
  int64_t dim = 5;
  int64_t vocab = 4;  // num_idx
  // A table loaded from a file instead of seeded (--weights): read where it lies
  // (vocab x dim), and the Python line that loads it into `weights`. Null: seeded, as the notebook.
  const TableFile* table = nullptr;
  std::string table_code;                  // e.g. "weights = torch.from_numpy(numpy.load('t.npy')).float()"
  TableDtype dtype = TableDtype::Float32;  // the table rounded through this dtype (--dtype)
  // --text: the IDs are this text's GPT-2 tokens, and the transcript makes idx as the book
  // does (tiktoken), then prints idx.tolist(). Empty: idx is written as a list.
  std::optional<std::string> text;
  TokenizerOrigin tokenizer;  // the tokenizer that made them (GPT-2's unless the table has its own)
};

// The lines from a text to idx, the text as a Python literal, with the tokenizer in use:
//   GPT-2's       the book's (chapter 2): import tiktoken / tokenizer = tiktoken.get_encoding("gpt2")
//   tokenizer.json  Hugging Face's tokenizers: Tokenizer.from_file(path), encode(text,
//                 add_special_tokens=False).ids (added tokens in the text matched, no BOS)
//   .gguf         llama-cpp-python: Llama(model_path=path, vocab_only=True), tokenize(bytes,
//                 add_bos=False, special=True) (control tokens in the text matched, no BOS)
// as lookupviz encodes; then text = '...' / idx = torch.tensor(...). The variable is `tokenizer`.
std::vector<std::string> text_to_idx_code(const std::string& text, const TokenizerOrigin& tokenizer = {});
// The lines that make `tokenizer` alone (no text), as text_to_idx_code writes them.
std::vector<std::string> tokenizer_code(const TokenizerOrigin& tokenizer);
// A path as a Python expression, byte for byte: its str literal when it is UTF-8, else
// os.fsdecode(b'...') (the bytes as \xNN; the line needs `import os`).
std::string python_path(const std::string& path);

// The Python line that loads a table file into `weights` (the path quoted as Python does).
std::string table_load_code(const std::string& path, const std::string& tensor_name);
// named: tensor_name is a .safetensors tensor's, even when "" (a name a file may hold);
// gguf: a .gguf file's tensor, read and dequantized with gguf-py (GGUFReader, dequantize).
std::string table_load_code(const std::string& path, const std::string& tensor_name, bool named, bool gguf = false);
// The import the load line needs: "import numpy", "import safetensors.torch" or "import gguf".
const char* table_load_import(bool named, bool gguf);
// The same for a table as loaded (a Hugging Face folder's: its tensor through the index with
// safetensors' safe_open, on two or three lines), into the variable `var`.
std::string table_load_code(const TableFile& t, const std::string& var = "weights");
std::string table_load_import(const TableFile& t);

// The whole transcript (">>> ..." lines and torch's reprs), ending in a newline.
std::string notebook_transcript(const NotebookCase& c);

// Python's repr of a list of ints: "[2, 3, 1]".
std::string python_list(const IdList& ids);

}  // namespace lv
