// token_text.hpp — a token's bytes as a label a reader can see: GPT-2's tokens often
// start with a space or are a newline, which a plain label would hide.
//   " sunlit" -> "␣sunlit"     "\n" -> "↵"
#pragma once
#include <string>
#include <string_view>

namespace lv {

// Space as ␣, newline as ↵, tab as →, carriage return as "\r", other control bytes as
// \xNN, and bytes that are not UTF-8 (a token can be half a character) as U+FFFD, as
// Python's decode(errors="replace") shows them. Everything else as it is.
std::string visible_token_text(std::string_view bytes);

}  // namespace lv
