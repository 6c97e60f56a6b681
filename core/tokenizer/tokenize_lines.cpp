// tokenize_lines.cpp — see tokenize_lines.hpp.
#include "core/tokenizer/tokenize_lines.hpp"

#include <algorithm>

#include "core/io/json_reader.hpp"
#include "core/text/id_parse.hpp"
#include "core/text/text_format.hpp"
#include "core/tokenizer/tokenizer.hpp"

namespace lv {

std::string tokenize_json_lines(const Tokenizer& tokenizer, std::string_view text,
                                const std::function<void(const std::string&)>& out) {
  size_t number = 0;
  std::string line_text;
  for (size_t at = 0; at < text.size();) {
    const size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++number;
    const std::string where = "line " + with_commas(number);
    JsonReader r(line);
    if (!r.string(line_text)) return where + " is not one JSON string (" + r.error + ")";
    r.ws();
    if (!r.error.empty() || r.i != line.size())
      return where + " is not one JSON string: something follows it (write each text as \"…\" on its own line)";
    const Encoding e = tokenizer.encode(line_text);
    if (!e.ok) return where + ": " + e.error;
    out("[" + format_ids(e.ids) + "]\n");
  }
  return "";
}

}  // namespace lv
