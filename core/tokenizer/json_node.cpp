// json_node.cpp — see json_node.hpp.
#include "core/tokenizer/json_node.hpp"

#include <cstdlib>

namespace lv {

bool read_json_node(JsonReader& r, JsonNode& out, int depth) {
  if (depth > JsonReader::kMaxDepth) return r.err("nesting deeper than 64 levels");
  r.ws();
  if (r.i >= r.s.size()) return r.err("the JSON ends early");
  const char c = r.s[r.i];
  if (c == '"') {
    out.type = JsonNode::String;
    return r.string(out.str);
  }
  if (c == '{') {
    ++r.i;
    out.type = JsonNode::Object;
    return r.members([&](const std::string& key) {
      out.keys.push_back(key);
      out.values.emplace_back();
      return read_json_node(r, out.values.back(), depth + 1);
    });
  }
  if (c == '[') {
    ++r.i;
    out.type = JsonNode::Array;
    for (bool first = true;; first = false) {
      if (r.peek(']')) {
        ++r.i;
        return true;
      }
      if (!first && !r.expect(',')) return false;
      out.items.emplace_back();
      if (!read_json_node(r, out.items.back(), depth + 1)) return false;
    }
  }
  const size_t start = r.i;
  if (!r.skip(depth)) return false;
  const std::string_view lit = r.s.substr(start, r.i - start);
  if (lit == "true" || lit == "false") {
    out.type = JsonNode::Bool;
    out.b = lit == "true";
  } else if (lit == "null") {
    out.type = JsonNode::Null;
  } else {
    out.type = JsonNode::Number;
    out.num = std::strtod(std::string(lit).c_str(), nullptr);
  }
  return true;
}

}  // namespace lv
