// token_text.cpp — visible labels for token bytes.
#include "core/text/token_text.hpp"

#include "core/text/text_format.hpp"
#include "core/text/utf8_text.hpp"

namespace lv {

std::string visible_token_text(std::string_view bytes) {
  const std::string text = utf8_replace_invalid(bytes);
  std::string out;
  out.reserve(text.size() + 8);
  for (const char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == ' ') out += "\xE2\x90\xA3";        // ␣ U+2423 OPEN BOX
    else if (c == '\n') out += "\xE2\x86\xB5";  // ↵ U+21B5
    else if (c == '\t') out += "\xE2\x86\x92";  // →
    else if (c == '\r') out += "\\r";
    else append_byte_or_hex(out, ch, /*upper_hex=*/true);
  }
  return out;
}

}  // namespace lv
