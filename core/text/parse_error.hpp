// parse_error.hpp — why text the user typed was refused: a code that callers branch on
// and a message that is shown. Callers never match the message's words; where one value
// can be typed in two places (the --seed flag, the seed field), the parser is told where
// and words the message for it: the command line names the flag, the window the field.
#pragma once
#include <string>

namespace lv {

enum class ParseCode {
  None,        // no error
  Empty,       // nothing was typed
  NotANumber,  // "seven", "1.5.2"
  NotWhole,    // "2.5" where a whole number is needed
  Negative,    // "-3" where only 0 and up make sense
  OutOfRange,  // a number, but outside the allowed range
  TooMany,     // more items than allowed
  Brackets,    // unmatched brackets around a list
};

// Where the text was typed, which decides how a message names the value.
enum class TypedIn { CommandLine, Window };

struct ParseError {
  ParseCode code = ParseCode::None;
  std::string message;  // one line; a sentence with its final period in the window's words

  // The message without its final period, to join into a longer line ("ids: …").
  std::string clause() const {
    return !message.empty() && message.back() == '.' ? message.substr(0, message.size() - 1) : message;
  }
};

}  // namespace lv
