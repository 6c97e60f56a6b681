// bpe_vocab.cpp — reading GPT-2's encoder.json and vocab.bpe (only the JSON this file
// needs: one object of string keys and whole-number values), checking them as
// tiktoken's data_gym_to_mergeable_bpe_ranks does (merge r makes token 256 + r), and
// the compact pack the app loads in a few milliseconds instead of parsing 1.5 MB of text.
#include "core/tokenizer/bpe_vocab.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>

#include "core/io/json_reader.hpp"
#include "core/io/small_file.hpp"
#include "core/text/text_format.hpp"
#include "core/text/utf8_text.hpp"

namespace lv {

static_assert(std::endian::native == std::endian::little, "the pack is read in place as little-endian");

// ---------------------------------------------------------------- bytes <-> symbols

namespace {

bool prints_as_itself(int b) { return (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF); }

struct SymbolMap {
  char32_t to_symbol[256];
  int16_t to_byte[256 + 68];  // every symbol is below U+0144
  SymbolMap() {
    int n = 0;
    for (int16_t& b : to_byte) b = -1;
    for (int b = 0; b < 256; ++b) {
      to_symbol[b] = prints_as_itself(b) ? static_cast<char32_t>(b) : 256 + n++;
      to_byte[to_symbol[b]] = static_cast<int16_t>(b);
    }
  }
};
const SymbolMap& symbol_map() {
  static const SymbolMap m;
  return m;
}

// Symbols (UTF-8) -> the bytes they stand for; false if one stands for none.
bool symbols_to_bytes(std::string_view symbols, std::string& out) {
  out.clear();
  for (size_t i = 0; i < symbols.size();) {
    size_t bad = 0;
    const size_t len = utf8_sequence_length(symbols, i, &bad);
    if (len == 0) return false;
    char32_t c = static_cast<uint8_t>(symbols[i]);
    if (len > 1) {
      c &= 0x7F >> len;
      for (size_t k = 1; k < len; ++k) c = c << 6 | (static_cast<uint8_t>(symbols[i + k]) & 0x3F);
    }
    const int b = symbol_to_byte(c);
    if (b < 0) return false;
    out += static_cast<char>(b);
    i += len;
  }
  return true;
}

}  // namespace

char32_t byte_to_symbol(uint8_t b) { return symbol_map().to_symbol[b]; }

int symbol_to_byte(char32_t c) { return c < 256 + 68 ? symbol_map().to_byte[c] : -1; }

std::string bytes_as_symbols(std::string_view bytes) {
  std::string s;
  for (char b : bytes) append_utf8(s, byte_to_symbol(static_cast<uint8_t>(b)));
  return s;
}

int64_t BpeVocab::find(std::string_view b) const {
  auto it = std::lower_bound(by_bytes.begin(), by_bytes.end(), b,
                             [this](uint32_t id, std::string_view key) { return token(id) < key; });
  return it != by_bytes.end() && token(*it) == b ? static_cast<int64_t>(*it) : -1;
}

// ---------------------------------------------------------------- encoder.json

namespace {

// encoder.json -> for each ID, its bytes.
bool parse_encoder(std::string_view text, std::vector<std::string>& by_id, std::string& error) {
  JsonReader r(text);
  auto fail = [&] { return error = "encoder.json: " + r.error, false; };
  by_id.assign(kGpt2VocabSize, std::string());
  std::vector<bool> seen(kGpt2VocabSize, false);
  if (!r.expect('{')) return fail();
  std::string key, bytes;
  for (size_t n = 0;; ++n) {
    if (n == 0 && r.peek('}')) {
      ++r.i;
      break;
    }
    uint64_t id = 0;
    if (!r.string(key) || !r.expect(':') || !r.uinteger(id)) return fail();
    if (id >= kGpt2VocabSize || seen[id]) {
      error = "encoder.json: ID " + std::to_string(id) + (id >= kGpt2VocabSize ? " is out of range" : " appears twice");
      return false;
    }
    seen[id] = true;
    if (key == kEndOfTextText) {
      bytes = key;  // the special token is its own text, not byte-level symbols
    } else if (!symbols_to_bytes(key, bytes)) {
      error = "encoder.json: token " + std::to_string(id) + " has a character that stands for no byte";
      return false;
    }
    by_id[id] = bytes;
    if (r.peek(',')) {
      ++r.i;
      continue;
    }
    if (!r.expect('}')) return fail();
    break;
  }
  if (!r.at_end()) return fail();
  if (std::count(seen.begin(), seen.end(), true) != kGpt2VocabSize) {
    error = "encoder.json: " + std::to_string(std::count(seen.begin(), seen.end(), true)) + " tokens, not " +
            std::to_string(kGpt2VocabSize);
    return false;
  }
  return true;
}

}  // namespace

// ---------------------------------------------------------------- the vocabulary

VocabLoad vocab_from_sources(std::string_view encoder_json, std::string_view vocab_bpe, bool check_sha) {
  VocabLoad r;
  if (check_sha) {
    if (to_hex(sha256(encoder_json)) != kEncoderJsonSha256) {
      r.error = "encoder.json is not GPT-2's (SHA-256 " + to_hex(sha256(encoder_json)) + ")";
      return r;
    }
    if (to_hex(sha256(vocab_bpe)) != kVocabBpeSha256) {
      r.error = "vocab.bpe is not GPT-2's (SHA-256 " + to_hex(sha256(vocab_bpe)) + ")";
      return r;
    }
  }
  std::vector<std::string> by_id;
  if (!parse_encoder(encoder_json, by_id, r.error)) return r;
  if (by_id[kGpt2EndOfText] != kEndOfTextText) {
    r.error = "encoder.json: ID 50256 is not <|endoftext|>";
    return r;
  }
  BpeVocab& v = r.vocab;
  v.offsets.push_back(0);
  for (const std::string& b : by_id) {
    v.bytes += b;
    v.offsets.push_back(static_cast<uint32_t>(v.bytes.size()));
  }
  for (uint32_t id = 0; id < kGpt2VocabSize; ++id)
    if (id != kGpt2EndOfText) v.by_bytes.push_back(id);
  std::sort(v.by_bytes.begin(), v.by_bytes.end(), [&v](uint32_t a, uint32_t b) { return v.token(a) < v.token(b); });
  for (size_t k = 1; k < v.by_bytes.size(); ++k)
    if (v.token(v.by_bytes[k - 1]) == v.token(v.by_bytes[k])) {
      r.error = "encoder.json: two tokens have the same bytes";
      return r;
    }
  for (int b = 0; b < 256; ++b) {
    const int64_t id = v.find(std::string(1, static_cast<char>(b)));
    if (id < 0) {
      r.error = "encoder.json: byte " + std::to_string(b) + " has no token";
      return r;
    }
    v.byte_token[b] = static_cast<uint32_t>(id);
  }

  // vocab.bpe: "#version: 0.2", then "left right" per line; merge r makes token 256 + r
  // (tiktoken ranks tokens by these IDs, so the two files must agree on it).
  std::string_view rest = vocab_bpe;
  size_t line_no = 0;
  std::string left, right;
  while (!rest.empty()) {
    const size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    ++line_no;
    if (line_no == 1 && line.rfind("#version", 0) == 0) continue;
    if (line.empty()) continue;
    const size_t sp = line.find(' ');
    const std::string where = "vocab.bpe line " + std::to_string(line_no);
    if (sp == std::string_view::npos || line.find(' ', sp + 1) != std::string_view::npos) {
      r.error = where + " is not two tokens";
      return r;
    }
    if (!symbols_to_bytes(line.substr(0, sp), left) || !symbols_to_bytes(line.substr(sp + 1), right)) {
      r.error = where + " has a character that stands for no byte";
      return r;
    }
    const int64_t l = v.find(left), rt = v.find(right), made = v.find(left + right);
    const uint32_t rank = static_cast<uint32_t>(v.merges.size());
    if (l < 0 || rt < 0 || made != 256 + static_cast<int64_t>(rank)) {
      r.error = where + ": its tokens are not in encoder.json in merge order";
      return r;
    }
    v.merges.push_back({static_cast<uint32_t>(l), static_cast<uint32_t>(rt)});
  }
  if (v.merges.size() != kGpt2MergeCount) {
    r.error = "vocab.bpe has " + std::to_string(v.merges.size()) + " merges, not 50,000";
    return r;
  }
  r.ok = true;
  return r;
}

namespace {
// The whole file in one read into a string of its size (a stream's rdbuf() copy takes
// several milliseconds for the 1.1 MB pack, a good part of the start-up budget), and
// never more than max_bytes: a FIFO, a folder or a 10 GB file at the path is refused.
bool slurp(const std::string& path, std::string& out, size_t max_bytes, std::string* why) {
  SmallFileRead r = read_small_file(path, max_bytes);
  if (!r.ok()) {
    *why = r.reason;
    return false;
  }
  out = std::move(r.text);
  return true;
}
}  // namespace

VocabLoad vocab_from_files(const std::string& encoder_json_path, const std::string& vocab_bpe_path) {
  std::string json, bpe, why;
  VocabLoad r;
  if (!slurp(encoder_json_path, json, kMaxBpeSourceBytes, &why))
    r.error = "cannot read " + encoder_json_path + ": " + why;
  else if (!slurp(vocab_bpe_path, bpe, kMaxBpeSourceBytes, &why))
    r.error = "cannot read " + vocab_bpe_path + ": " + why;
  else return vocab_from_sources(json, bpe);
  return r;
}

// ---------------------------------------------------------------- the pack

namespace {

constexpr char kMagic[16] = "lookupviz-bpe\0\0";
constexpr uint32_t kPackVersion = 1;
// Header: magic (16 bytes), Counts (8 × u32), then three SHA-256: encoder.json's,
// vocab.bpe's, the payload's.
constexpr size_t kEncoderShaAt = 16 + 8 * 4, kVocabShaAt = kEncoderShaAt + 32, kPayloadShaAt = kVocabShaAt + 32;
constexpr size_t kHeaderBytes = kPayloadShaAt + 32;

struct Counts {
  uint32_t version, tokens, merges, bytes, by_bytes, reserved[3];
};
static_assert(sizeof(Counts) == 8 * 4);

template <typename T>
void put(std::string& out, const T* p, size_t n) {
  out.append(reinterpret_cast<const char*>(p), n * sizeof(T));
}

// The constants above (64 lower-case hex digits) as the 32 bytes the pack records.
void hex_to_digest(std::string_view hex, uint8_t* out) {
  auto nib = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  for (size_t k = 0; k < 32; ++k) out[k] = static_cast<uint8_t>(nib(hex[2 * k]) << 4 | nib(hex[2 * k + 1]));
}

}  // namespace

std::string write_pack(const BpeVocab& v) {
  std::string payload;
  put(payload, v.offsets.data(), v.offsets.size());
  put(payload, v.byte_token.data(), 256);
  put(payload, v.by_bytes.data(), v.by_bytes.size());
  put(payload, v.merges.data(), v.merges.size());
  payload += v.bytes;
  static_assert(sizeof(BpeMerge) == 8);

  std::string out(kMagic, 16);
  const Counts c{kPackVersion,
                 v.size(),
                 static_cast<uint32_t>(v.merges.size()),
                 static_cast<uint32_t>(v.bytes.size()),
                 static_cast<uint32_t>(v.by_bytes.size()),
                 {0, 0, 0}};
  put(out, &c, 1);
  uint8_t h[32];
  hex_to_digest(kEncoderJsonSha256, h);
  put(out, h, 32);
  hex_to_digest(kVocabBpeSha256, h);
  put(out, h, 32);
  const Sha256Digest d = sha256(payload);
  put(out, d.data(), 32);
  return out + payload;
}

VocabLoad read_pack(std::string_view pack) {
  VocabLoad r;
  if (pack.size() < kHeaderBytes || std::memcmp(pack.data(), kMagic, 16) != 0) {
    r.error = "not a lookupviz tokenizer pack";
    return r;
  }
  Counts c;
  std::memcpy(&c, pack.data() + 16, sizeof c);
  if (c.version != kPackVersion || c.tokens != kGpt2VocabSize || c.merges != kGpt2MergeCount ||
      c.by_bytes != kGpt2VocabSize - 1) {
    r.error = "a tokenizer pack of another version or vocabulary";
    return r;
  }
  const size_t want = kHeaderBytes + 4 * (size_t{c.tokens} + 1 + 256 + c.by_bytes) + 8 * size_t{c.merges} + c.bytes;
  if (pack.size() != want) {
    r.error = "the tokenizer pack is " + std::to_string(pack.size()) + " bytes, not " + std::to_string(want);
    return r;
  }
  uint8_t json_sha[32], bpe_sha[32];
  hex_to_digest(kEncoderJsonSha256, json_sha);
  hex_to_digest(kVocabBpeSha256, bpe_sha);
  const bool sources_ok = std::memcmp(pack.data() + kEncoderShaAt, json_sha, 32) == 0 &&
                          std::memcmp(pack.data() + kVocabShaAt, bpe_sha, 32) == 0;
  const std::string_view payload = pack.substr(kHeaderBytes);
  const Sha256Digest d = sha256(payload);
  if (!sources_ok || std::memcmp(pack.data() + kPayloadShaAt, d.data(), 32) != 0) {
    r.error = sources_ok ? "the tokenizer pack is damaged (SHA-256 mismatch)"
                         : "the tokenizer pack is not made from GPT-2's files";
    return r;
  }
  BpeVocab& v = r.vocab;
  const char* p = payload.data();
  auto take = [&p](auto& vec, size_t n) {
    vec.resize(n);
    std::memcpy(vec.data(), p, n * sizeof(vec[0]));
    p += n * sizeof(vec[0]);
  };
  take(v.offsets, size_t{c.tokens} + 1);
  std::memcpy(v.byte_token.data(), p, 4 * 256);
  p += 4 * 256;
  take(v.by_bytes, c.by_bytes);
  take(v.merges, c.merges);
  v.bytes.assign(p, c.bytes);
  // Cheap structure checks, so no later lookup can read out of bounds.
  bool sound = v.offsets.front() == 0 && v.offsets.back() == c.bytes;
  for (size_t t = 0; sound && t < c.tokens; ++t) sound = v.offsets[t] <= v.offsets[t + 1];
  for (uint32_t id : v.byte_token) sound = sound && id < c.tokens;
  for (uint32_t id : v.by_bytes) sound = sound && id < c.tokens;
  for (const BpeMerge& m : v.merges) sound = sound && m.left < c.tokens && m.right < c.tokens;
  if (!sound) {
    r.error = "the tokenizer pack is inconsistent";
    return r;
  }
  r.ok = true;
  return r;
}

VocabLoad read_pack_file(const std::string& path) {
  // The pack's size is known: a larger file is not read at all (one that is smaller,
  // or the size but not a pack, is told apart by read_pack).
  SmallFileRead f = read_small_file(path, kBpePackBytes);
  if (!f.ok()) {
    VocabLoad r;
    if (f.status == SmallFileRead::TooLarge)
      r.error = path + " is " + with_commas(f.size) + " bytes, not " + with_commas(kBpePackBytes) +
                ": not a lookupviz tokenizer pack";
    else r.error = "cannot read " + path + ": " + f.reason;
    return r;
  }
  const std::string bytes = std::move(f.text);
  VocabLoad r = read_pack(bytes);
  if (!r.ok) r.error = path + ": " + r.error;
  return r;
}

}  // namespace lv
