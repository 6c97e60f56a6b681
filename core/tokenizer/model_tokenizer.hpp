// model_tokenizer.hpp — the tokenizer that comes with a table, found from the table's path
// (the convention every loader shares):
//   FILE.gguf (or FILE.gguf:NAME)  its tokenizer.ggml.* metadata (gguf_tokenizer.hpp)
//   FOLDER                         FOLDER/tokenizer.json (a Hugging Face folder)
//   any other FILE                 tokenizer.json beside it, in the same folder
// None found is not an error (the app keeps GPT-2's); a broken one is: one sentence.
#pragma once
#include <memory>
#include <string>

#include "core/tokenizer/tokenizer.hpp"
#include "core/tokenizer/tokenizer_cache.hpp"

namespace lv {

struct ModelTokenizerFind {
  std::shared_ptr<const Tokenizer> tokenizer;  // null: none, or a broken one (error says)
  std::string error;                           // one sentence when one was found but cannot be used
  std::string source;                          // the file it came from (or was looked for in)
};

// `read`: how a tokenizer.json's parsed copy in the cache is opened (tokenizer_cache.hpp):
// Mapped only in a process that prints and exits.
ModelTokenizerFind find_model_tokenizer(const std::string& table_path, CacheRead read = CacheRead::Copy);

}  // namespace lv
