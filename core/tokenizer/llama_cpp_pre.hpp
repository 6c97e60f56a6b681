// llama_cpp_pre.hpp — the pre-tokenizers llama.cpp knows by a .gguf's tokenizer.ggml.pre
// name (its llama-vocab.cpp: each name maps to a pre-tokenizer type, each type to a list of
// regular expressions). The list is applied as llama.cpp's unicode_regex_split applies it:
// each expression cuts every piece the previous ones left, and the text between its
// matches stays a piece of its own (a Split with behaviour Isolated, one per expression).
// The expressions are llama.cpp's own spellings (e.g. '[sS] for a case-insensitive 's, so
// no ſ or K sign folds into a contraction), run by PCRE2 (split_regex.hpp).
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace lv {

struct LlamaCppPre {
  const char* type;                  // llama.cpp's type, for names: "GPT-2", "Llama-3", "DeepSeek-V3", …
  std::vector<std::string> regexes;  // applied in order
  bool ignore_merges = false;        // a whole piece that is a token is taken as it is (Llama-3, Tekken)
  // Non-empty: llama.cpp cuts this type's text with code of its own (not expressions) that
  // lookupviz does not have; what it does instead (llama.cpp's default) is said in a note.
  const char* missing = "";
};

// The pre-tokenizer llama.cpp uses for `name` (tokenizer.ggml.pre), or nullptr when llama.cpp
// does not know the name (it then warns and uses its default: llama_cpp_default_pre()).
// lookupviz also reads "gpt2" (its own older name for GPT-2's).
const LlamaCppPre* llama_cpp_pre(std::string_view name);
const LlamaCppPre& llama_cpp_default_pre();

// Every name llama.cpp knows, for tests and the docs.
std::vector<std::string> llama_cpp_pre_names();

}  // namespace lv
