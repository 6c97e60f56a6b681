// tokenize_batch.cpp — the reference test's side of lookupviz (tests/tokenizer/hf_reference.sh):
//   tokenize_batch TOKENIZER STRINGS.jsonl [--special]
// reads a tokenizer as the app finds it (a tokenizer.json, a folder, a .gguf: core's
// find_model_tokenizer) and, for each line of STRINGS.jsonl (one JSON string), prints two
// lines: the IDs (space-separated; "ERROR <sentence>" when encoding fails) and the IDs
// decoded, as a JSON string (bytes that are not UTF-8 as U+FFFD). --special: with the
// post-processor's special tokens, as `lookupviz --tokenize --special`.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

#include "core/io/json_reader.hpp"
#include "core/text/utf8_text.hpp"
#include "core/tokenizer/model_tokenizer.hpp"

namespace {

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += static_cast<char>(c);
    else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else out += static_cast<char>(c);
  }
  return out + "\"";
}

}  // namespace

int main(int argc, char** argv) {
  const bool special = argc == 4 && std::string(argv[3]) == "--special";
  if (argc != 3 && !special) {
    std::cerr << "usage: tokenize_batch TOKENIZER STRINGS.jsonl [--special]\n";
    return 2;
  }
  const lv::ModelTokenizerFind found = lv::find_model_tokenizer(argv[1]);
  if (!found.tokenizer) {
    std::cerr << (found.error.empty() ? "no tokenizer found for " + std::string(argv[1]) : found.error) << "\n";
    return 2;
  }
  std::cerr << "tokenizer: " << found.tokenizer->name() << "\n";
  std::ifstream in(argv[2]);
  std::string line, text;
  while (std::getline(in, line)) {
    lv::JsonReader r(line);
    if (!r.string(text)) {
      std::cerr << "bad line: " << r.error << "\n";
      return 2;
    }
    lv::Encoding e = found.tokenizer->encode(text);
    std::string why;
    if (e.ok && special && !found.tokenizer->add_special_tokens(e.ids, &why)) e = {false, {}, why};
    if (!e.ok) {
      std::cout << "ERROR " << e.error << "\n\"\"\n";
      continue;
    }
    std::string ids;
    for (int64_t id : e.ids) ids += (ids.empty() ? "" : " ") + std::to_string(id);
    std::cout << ids << "\n";
    const lv::Decoding d = found.tokenizer->decode(e.ids);
    std::cout << json_string(d.ok ? lv::utf8_replace_invalid(d.bytes) : "ERROR " + d.error) << "\n";
  }
  return 0;
}
