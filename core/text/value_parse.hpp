// value_parse.hpp — numbers typed by the user, untrusted, read as Python reads them.
//   parse_weight_value: "0.5", "-1e3", "inf", "-inf", "nan" (case and surrounding blanks
//     do not matter) -> a float32. Decimals beyond float32's range ("1e39") round to
//     ±inf as torch.tensor(1e39) does.
//   parse_seed: torch.manual_seed's argument, -2^63 to 2^64 - 1 ("1_000" too, as int()).
// A refusal is a ParseError: a code and one line in the words of where it was typed.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "core/text/parse_error.hpp"

namespace lv {

struct ValueParse {
  bool ok = false;
  float value = 0.0f;  // when ok
  ParseError error;    // when !ok: one sentence
};

ValueParse parse_weight_value(std::string_view text);

// Python's int(text) for decimal text: an optional sign, digits with single '_' between
// them, blanks around. magnitude saturates at 2^64 - 1 with `huge` set.
struct PyInt {
  bool ok = false;
  bool negative = false;
  bool huge = false;  // |value| > 2^64 - 1
  uint64_t magnitude = 0;
};

PyInt parse_py_int(std::string_view text);

struct SeedParse {
  bool ok = false;
  uint64_t seed = 0;      // when ok: negative seeds wrap to 2^64 + s, as torch does
  std::string seed_text;  // when ok: the seed as Python prints it ("-5", "1000")
  ParseError error;       // when !ok: "--seed must be …" on the command line, "The seed must be …" in the window
};

SeedParse parse_seed(std::string_view text, TypedIn where);

}  // namespace lv
