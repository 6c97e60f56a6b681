// tokenize_lines.hpp — --tokenize-lines: many texts tokenized by one process (a corpus checked
// against a reference tokenizer: tests/tokenizer/real_reference.sh), each text one line of
// JSON so that it may hold new lines and tabs, as a .jsonl file holds strings.
#pragma once
#include <functional>
#include <string>
#include <string_view>

namespace lv {

class Tokenizer;

// Each line of `text` is one JSON string ("Hello,\nworld"); a last empty line (the file's
// final new line) is no text. `out` is handed each text's IDs as a Python list and a new
// line ("[9906, 11, 198, 14957]\n"), in order, as soon as they are made. Returns "" or the
// error, naming the line (1-based): a line that is not one JSON string, or a text the
// tokenizer refuses; the lines before it have been handed out.
std::string tokenize_json_lines(const Tokenizer& tokenizer, std::string_view text,
                                const std::function<void(const std::string&)>& out);

}  // namespace lv
