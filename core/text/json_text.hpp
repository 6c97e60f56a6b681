// json_text.hpp — text written as JSON: one string, escaped (the layout report, --quiz-json).
#pragma once
#include <string>
#include <string_view>

namespace lv {

// Appends `s` as a JSON string: quotes, backslashes and control characters escaped (\n, \t,
// \r by name, the rest and DEL as \u00XX); every other byte as given, so UTF-8 stays exact.
void append_json_string(std::string& out, std::string_view s);

}  // namespace lv
