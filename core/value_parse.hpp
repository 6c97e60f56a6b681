// value_parse.hpp — a weight typed by the user, untrusted: "0.5", "-1e3", "inf",
// "-inf", "nan" (as Python prints them; case and surrounding blanks do not matter)
// -> a float32, or one sentence saying why not. Decimals beyond float32's range
// ("1e39") round to ±inf as torch.tensor(1e39) does.
#pragma once
#include <string>
#include <string_view>

namespace lv {

struct ValueParse {
  bool ok = false;
  float value = 0.0f;  // when ok
  std::string error;   // when !ok: one sentence, no trailing newline
};

ValueParse parse_weight_value(std::string_view text);

}  // namespace lv
