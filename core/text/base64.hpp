// base64.hpp — standard base64 (RFC 4648, "+/" and "=" padding) read back to bytes: a
// tokenizer.json's Precompiled normalizer holds its charsmap so (serde's Vec<u8> as base64).
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace lv {

// The bytes, or nullopt when `text` is not base64 (a character outside the alphabet,
// padding anywhere but the end, a length that is not a multiple of 4 once padded).
std::optional<std::string> base64_decode(std::string_view text);

}  // namespace lv
