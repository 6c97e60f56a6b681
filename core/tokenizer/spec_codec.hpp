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
#include <vector>

#include "core/tokenizer/bpe_tokenizer.hpp"

namespace lv {

std::string encode_spec(const BpeSpec& spec);
// False with *why (a clause; `why` is required) when `bytes` is not a spec encode_spec wrote.
bool decode_spec(std::string_view bytes, BpeSpec& spec, std::string* why);

// The same for the tokenizer cache, which reads the tokens and merges in place: the merges are
// skipped (the cache gives the BpeTokenizer its merge index already built: BpeIndexes) and
// the tokens are not copied: spec.tokens stays empty and `token_at` gets where each token is
// written in `bytes` (its 4-byte length, then its bytes; each checked to lie within them).
bool decode_spec_in_place(std::string_view bytes, BpeSpec& spec, std::vector<uint32_t>& token_at, std::string* why);

}  // namespace lv
