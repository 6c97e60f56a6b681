// json_node.hpp — a small JSON value read whole into a tree: a tokenizer.json's small parts
// (normalizer, pre-tokenizer, decoder, post-processor, added tokens, a model's options), where
// the large ones (vocabularies, merges) are read as they stream past (tokenizer_json.cpp).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/io/json_reader.hpp"

namespace lv {

// A JSON value of the small parts.
struct JsonNode {
  enum Type { Null, Bool, Number, String, Array, Object } type = Null;
  bool b = false;
  double num = 0;
  std::string str;
  std::vector<JsonNode> items;
  std::vector<std::string> keys;  // an object's members: keys[k] holds values[k] (a pair of
  std::vector<JsonNode> values;   // an incomplete JsonNode is not allowed; a vector of one is)

  const JsonNode* get(std::string_view key) const {
    for (size_t k = 0; k < keys.size(); ++k)
      if (keys[k] == key) return &values[k];
    return nullptr;
  }
  std::string text(std::string_view key, std::string fallback = "") const {
    const JsonNode* n = get(key);
    return n && n->type == String ? n->str : fallback;
  }
  bool flag(std::string_view key, bool fallback) const {
    const JsonNode* n = get(key);
    return n && n->type == Bool ? n->b : fallback;
  }
  double number(std::string_view key, double fallback) const {
    const JsonNode* n = get(key);
    return n && n->type == Number ? n->num : fallback;
  }
};

// One value at r (nested at most JsonReader::kMaxDepth deep, counting from `depth`).
bool read_json_node(JsonReader& r, JsonNode& out, int depth);

}  // namespace lv
