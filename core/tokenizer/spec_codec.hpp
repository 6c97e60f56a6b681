// spec_codec.hpp — a model tokenizer's BpeSpec as bytes and back, for the tokenizer cache
// (tokenizer_cache.hpp): what a tokenizer.json was parsed into, with each merge's token, so
// opening it again needs no JSON and no look-up per merge. Little-endian counts, lengths
// and IDs; the patterns as written (compiled again when read).
//
// The bytes come from a file anyone could have changed: decoding is bounded (every count
// is checked against the bytes left before anything is allocated, every enum and ID
// against its range) and a bad payload gives false, never a crash (tests/fuzz/
// fuzz_tokenizer_cache.cpp). BpeTokenizer then checks the spec as it checks a parsed one.
#pragma once
#include <string>
#include <string_view>

#include "core/tokenizer/bpe_tokenizer.hpp"

namespace lv {

std::string encode_spec(const BpeSpec& spec);
// False with *why (a clause; `why` is required) when `bytes` is not a spec encode_spec wrote.
bool decode_spec(std::string_view bytes, BpeSpec& spec, std::string* why);

}  // namespace lv
