// fuzz_entries.hpp — what each fuzz target does with one input, shared by the libFuzzer
// targets (tests/fuzz/fuzz_*.cpp) and the gtest replay of the committed corpus and
// regressions (tests/fuzz/fuzz_replay_test.cpp), so a crash found once is replayed by
// every normal test run through the very same code.
//
// Each check feeds the bytes to a parser (or the formatter) and returns "" when every
// invariant holds, else the one that broke. Crashes, leaks and UB are the sanitizers'
// to report; the invariants catch wrong answers: a parser that says ok must hand back
// values inside the documented limits, and an error must be one clean line.
#pragma once
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/settings/cli_options.hpp"
#include "core/tokenizer/gguf_tokenizer.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"
#include "core/tokenizer/spec_codec.hpp"
#include "core/tokenizer/tokenizer_cache.hpp"
#include "core/tokenizer/tokenizer_json.hpp"
#include "core/text/id_parse.hpp"
#include "core/settings/recent_files.hpp"
#include "core/settings/session_settings.hpp"
#include "core/io/ggml_quants.hpp"
#include "core/io/gguf_file.hpp"
#include "core/io/hf_folder.hpp"
#include "core/io/table_file.hpp"
#include "core/torch/attention_cli.hpp"
#include "core/torch/table_size.hpp"
#include "core/torch/torch_format.hpp"
#include "core/text/utf8_text.hpp"

namespace lvfuzz {

// Core's deck of 11 slides, as the app gives its registry's count at start (the fuzzers link
// core alone); --slide and the session's slide are checked against it.
inline const bool kDeckSized = (lv::set_deck_size(11), lv::set_cli_families({&lv::kAttentionCli}), true);

// ---------------------------------------------------------------- shared invariants

// One line a terminal shows safely: no control characters (no newline, no ESC), not empty.
inline bool one_clean_line(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return false;
  return true;
}

inline bool valid_utf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > s.size()) return false;
    for (size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += len;
  }
  return true;
}

inline std::string_view as_text(const uint8_t* data, size_t n) {
  return n ? std::string_view(reinterpret_cast<const char*>(data), n) : std::string_view();
}

// ---------------------------------------------------------------- the ID parser

inline std::string check_ids(const uint8_t* data, size_t n) {
  const std::string_view text = as_text(data, n);
  for (int variant = 0; variant < 2; ++variant) {
    lv::IdRules rules;
    if (variant == 1) rules.vocab = 1 + static_cast<int64_t>(n % 1000);  // a fixed V, as --vocab
    const lv::IdParse p = lv::parse_ids(text, rules);
    if (!p.ok) {
      if (!p.ids.empty()) return "an error with IDs left in the list";
      const std::string& e = p.error.message;
      if (p.error.code == lv::ParseCode::None) return "an error without a code: " + e;
      if (!one_clean_line(e) || !valid_utf8(e) || e.size() > 300) return "an error that is not one clean line: " + e;
      continue;
    }
    if (p.ids.empty() || p.ids.size() > lv::kMaxIds) return "ok with " + std::to_string(p.ids.size()) + " IDs";
    for (int64_t id : p.ids)
      if (id < 0 || id > rules.max_id || (rules.vocab >= 0 && id >= rules.vocab))
        return "ok with an ID out of range: " + std::to_string(id);
    const lv::IdParse again = lv::parse_ids(lv::format_ids(p.ids), rules);  // the field's own text reads back
    if (!again.ok || again.ids != p.ids) return "format_ids does not read back";
  }
  return "";
}

// ---------------------------------------------------------------- the command line

// argv split at NUL or newline bytes (at most 64 arguments), after "lookupviz".
inline std::string check_cli(const uint8_t* data, size_t n) {
  std::vector<std::string> args = {"lookupviz"};
  std::string cur;
  const std::string_view text = as_text(data, n);
  for (size_t i = 0; i <= text.size() && args.size() < 65; ++i) {
    if (i == text.size() || text[i] == '\0' || text[i] == '\n') {
      args.push_back(cur);
      cur.clear();
    } else {
      cur += text[i];
    }
  }
  if (n == 0) args.pop_back();  // no input: no arguments
  const lv::CliParse p = lv::parse_cli(args);
  if (!p.ok) {
    // The message may end in a cut UTF-8 sequence (documented); it must stay one line.
    if (!one_clean_line(p.error) || p.error.size() > 400) return "an error that is not one clean line: " + p.error;
    return "";
  }
  const lv::CliOptions& o = p.options;
  if (o.help || o.version) return "";
  if (o.dim < 1 || o.dim > lv::kMaxDim) return "ok with dim " + std::to_string(o.dim);
  // --text's IDs, and so V and the sizes, are known once the text is tokenized: main()
  // checks them then (apply_text_ids, exit 2; tests/cli). Only its UTF-8 is checked here.
  if (o.text) return o.text->empty() || !valid_utf8(*o.text) ? "ok with --text that is empty or not UTF-8" : "";
  if (o.ids.empty() || o.ids.size() > lv::kMaxIds) return "ok with " + std::to_string(o.ids.size()) + " IDs";
  // With a table file (--weights or a positional FILE) V is the file's: the IDs are checked
  // against it when it is read, here only against the largest table lookupviz opens.
  const int64_t v = o.weights.empty() ? lv::effective_vocab(o) : lv::kMaxTableElements;
  if (o.weights.empty() && (v < 1 || v > lv::kMaxVocab)) return "ok with vocab " + std::to_string(v);
  for (int64_t id : o.ids)
    if (id < 0 || id >= v) return "ok with an ID out of range";
  if (o.weights.empty() && !lv::table_size_error(static_cast<int64_t>(o.ids.size()), v, o.dim).empty())
    return "ok with a table or a one-hot matrix too big";
  if (o.slide < 0 || o.slide > lv::last_slide()) return "ok with slide " + std::to_string(o.slide);
  if (o.step < -1 || o.step > lv::kMaxStep) return "ok with step " + std::to_string(o.step);
  if (o.width < 320 || o.width > 8192 || o.height < 320 || o.height > 8192) return "ok with a bad size";
  if (o.scale != 0.0f && !(o.scale >= 0.5f && o.scale <= 4.0f)) return "ok with a bad scale";
  if (o.print + !o.screenshot.empty() + !o.export_slides.empty() > 1) return "ok with two modes";
  if (!o.weights.empty() && (o.vocab || o.dim_given)) return "ok with --weights and a shape";
  // The tokenizer's flags: text is well-formed UTF-8 (and --text not empty), IDs are some
  // tokenizer's (GPT-2's decode, or the table's own, checks its own range).
  if (o.text && (o.text->empty() || !valid_utf8(*o.text))) return "ok with --text that is empty or not UTF-8";
  if (o.tokenize && !valid_utf8(*o.tokenize)) return "ok with --tokenize text that is not UTF-8";
  if (o.detokenize)
    for (int64_t id : *o.detokenize)
      if (id < 0 || id > lv::kMaxTokenizerId) return "ok with a --detokenize ID out of range";
  if (o.tokenize.has_value() + o.detokenize.has_value() + o.print > 1) return "ok with two modes";
  return "";
}

// ---------------------------------------------------------------- the table loaders

inline std::string check_table(const lv::TableLoad& r, const std::string& want_name) {
  if (!r.ok) {
    if (!one_clean_line(r.error) || r.error.size() > 2000) return "an error that is not one clean line: " + r.error;
    if (!r.tensor_names.empty() && !want_name.empty()) return "a tensor chooser although a name was given";
    return "";
  }
  const lv::TableFile& t = r.table;
  if (t.rows < 1 || t.cols < 1 || t.rows * t.cols > lv::kMaxTableElements) return "ok with a bad shape";
  if (!t.base || !t.keep) return "ok with no values to read";
  // Every value of an accepted table is readable (the copy parse_* keeps holds them all).
  const lv::Matrix m = t.to_matrix();
  if (m.rows() != t.rows || m.cols() != t.cols) return "ok with data of another shape";
  static const char* const kDtypes[] = {"float32", "float16", "bfloat16", "float64", "Q4_0", "Q4_1", "Q5_0",
                                        "Q5_1",    "Q8_0",    "Q2_K",     "Q3_K",    "Q4_K", "Q5_K", "Q6_K"};
  if (std::find(std::begin(kDtypes), std::end(kDtypes), t.dtype) == std::end(kDtypes))
    return "ok with dtype " + t.dtype;
  if (!want_name.empty() && t.name != want_name) return "ok with another tensor than the one asked for";
  return "";
}

inline std::string check_npy(const uint8_t* data, size_t n) { return check_table(lv::parse_npy(data, n), ""); }

// The first line is the tensor's name (may be empty), the rest the file's bytes.
inline std::string check_safetensors(const uint8_t* data, size_t n) {
  const std::string_view text = as_text(data, n);
  const size_t nl = text.find('\n');
  const std::string name(nl == std::string_view::npos ? std::string_view() : text.substr(0, nl));
  const size_t skip = nl == std::string_view::npos ? 0 : nl + 1;
  return check_table(lv::parse_safetensors(data + skip, n - skip, name), name);
}

// The .gguf loader: as .safetensors, the first line is the tensor's name (may be empty:
// token_embd.weight), the rest the file. A header that reads is also looked up through
// every accessor (the tokenizer reads its arrays that way).
inline std::string check_gguf(const uint8_t* data, size_t n) {
  const std::string_view text = as_text(data, n);
  const size_t nl = text.find('\n');
  const std::string name(nl == std::string_view::npos ? std::string_view() : text.substr(0, nl));
  const size_t skip = nl == std::string_view::npos ? 0 : nl + 1;
  const lv::GgufParse p = lv::parse_gguf_header(data + skip, n - skip, "f.gguf");
  if (!p.ok && !one_clean_line(p.error)) return "a header error that is not one clean line: " + p.error;
  if (p.ok) {
    for (const lv::GgufKv& kv : p.header.kv) {
      (void)p.header.get_uint(kv.key), (void)p.header.get_int(kv.key), (void)p.header.get_float(kv.key);
      (void)p.header.get_bool(kv.key), (void)p.header.get_string(kv.key);
      if (const auto s = p.header.get_strings(kv.key); s && s->size() != kv.count)
        return "a string array of another size";
      if (const auto v = p.header.get_numbers(kv.key); v && v->size() != kv.count)
        return "a number array of another size";
    }
    if (p.header.data_offset % p.header.alignment != 0) return "a data section off its alignment";
    // Every tensor whose layout is known lies inside the file, its size exact (in 128 bits).
    for (const lv::GgufTensorInfo& t : p.header.tensors) {
      uint32_t bv, bb;
      if (!lv::ggml_block_size(t.type, &bv, &bb)) continue;
      unsigned __int128 values = 1;
      for (uint64_t e : t.ne) values *= e;
      const unsigned __int128 bytes = values / bv * bb, size = n - skip;
      if (bytes != t.nbytes) return "a tensor whose byte size is not its shape's";
      if (p.header.data_offset + static_cast<unsigned __int128>(t.offset) + bytes > size && bytes > 0)
        return "a tensor past the end of the file";
    }
  }
  return check_table(lv::parse_gguf(data + skip, n - skip, name), name);
}

// ---------------------------------------------------------------- the settings file

inline std::string check_settings(const uint8_t* data, size_t n) {
  const lv::SettingsParse p = lv::parse_settings(as_text(data, n));
  if (!p.ok) {
    if (!one_clean_line(p.error) || p.error.size() > 400) return "an error that is not one clean line: " + p.error;
    return "";
  }
  if (p.newer_version) return "ok and newer";
  const lv::SessionSettings& s = p.settings;
  if (s.slide < 0 || s.slide >= lv::deck_size()) return "ok with slide " + std::to_string(s.slide);
  if (!(s.step >= 0.0f && s.step <= lv::kMaxStep + 1)) return "ok with a bad step";
  if (s.ids.empty() || s.ids.size() > lv::kMaxIds) return "ok with a bad ID count";
  const int64_t v = lv::settings_vocab(s);
  // A session with a table file keeps the file's shape (any the loader accepts, issue 17);
  // a seeded one stays within the seeded limits.
  const bool seeded = s.weights.empty();
  const int64_t max_dim = seeded ? lv::kMaxDim : lv::kMaxTableElements;
  const int64_t max_vocab = seeded ? lv::kMaxVocab : lv::kMaxTableElements;
  if (s.dim < 1 || s.dim > max_dim || v < 1 || v > max_vocab || !lv::table_size_error(0, v, s.dim, seeded).empty())
    return "ok with a bad table shape";
  for (int64_t id : s.ids)
    if (id < 0 || id >= v) return "ok with an ID out of range";
  if (!(s.user_zoom >= lv::kMinSettingsZoom && s.user_zoom <= lv::kMaxSettingsZoom)) return "ok with a bad zoom";
  if (s.edits.size() > lv::kMaxSettingsEdits) return "ok with too many edits";
  for (const lv::SettingsEdit& e : s.edits)
    if (e.row < 0 || e.col < 0 || e.row >= s.table_rows || e.col >= s.table_cols) return "ok with an edit outside";
  // What parses, writes; what is written reads back the same, and writes the same again.
  const std::string text = lv::write_settings(s);
  const lv::SettingsParse again = lv::parse_settings(text);
  if (!again.ok) return "written settings do not read back: " + again.error;
  if (!lv::same_settings(again.settings, s)) return "written settings read back different";
  if (lv::write_settings(again.settings) != text) return "writing is not stable";
  return "";
}

// ---------------------------------------------------------------- the torch-style formatter

// Reads the input as a little program: shape class, element values, suffixes. When the
// bytes run out the values repeat, so a short input still fills a big tensor.
struct Bytes {
  const uint8_t* p;
  size_t n, i = 0;
  bool more() const { return i < n; }
  uint8_t byte() { return i < n ? p[i++] : 0; }
  uint32_t u32() {
    uint32_t v = 0;
    for (int k = 0; k < 4; ++k) v |= static_cast<uint32_t>(byte()) << (8 * k);
    return v;
  }
  uint64_t u64() { return u32() | static_cast<uint64_t>(u32()) << 32; }
};

inline float special_float(uint8_t k) {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  const float table[] = {std::numeric_limits<float>::quiet_NaN(),
                         -std::numeric_limits<float>::quiet_NaN(),
                         kInf,
                         -kInf,
                         -0.0f,
                         0.0f,
                         std::numeric_limits<float>::denorm_min(),
                         -std::numeric_limits<float>::denorm_min(),
                         1.17549421e-38f /* largest subnormal */,
                         std::numeric_limits<float>::min(),
                         std::numeric_limits<float>::max(),
                         -std::numeric_limits<float>::max(),
                         1e-5f,
                         1e-4f,
                         9.99999e-5f,
                         1e8f,
                         1.00000005e8f,
                         1000.0f,
                         0.5f,
                         1.5f,
                         -2.0f,
                         123456789.0f,
                         1e38f,
                         0.33743873f,
                         -2.84f,
                         1e-45f,
                         65504.0f,
                         3.0f};
  return table[k % (sizeof table / sizeof table[0])];
}

inline int64_t special_int(uint8_t k) {
  const int64_t table[] = {0,
                           1,
                           -1,
                           2,
                           3,
                           10,
                           99,
                           1000,
                           -1000,
                           50256,
                           std::numeric_limits<int64_t>::max(),
                           std::numeric_limits<int64_t>::min(),
                           9'999'999};
  return table[k % (sizeof table / sizeof table[0])];
}

// Brackets nest and close, parentheses pair up, and the text starts and ends as torch's.
inline std::string check_repr_text(const std::string& s, const std::string& prefix) {
  if (s.rfind(prefix, 0) != 0) return "does not start with " + prefix;
  if (s.empty() || s.back() != ')') return "does not end with ')'";
  int square = 0, round = 0;
  for (char c : s) {
    square += c == '[' ? 1 : c == ']' ? -1 : 0;
    round += c == '(' ? 1 : c == ')' ? -1 : 0;
    if (square < 0 || round < 0) return "a bracket closes before it opens";
  }
  if (square != 0 || round != 0) return "unbalanced brackets";
  if (s.find("-nan") != std::string::npos) return "prints -nan (Python prints nan)";
  return "";
}

inline std::string check_format(const uint8_t* data, size_t n) {
  Bytes in{data, n};
  const uint8_t head = in.byte();
  const bool integers = head & 0x80;
  std::vector<int64_t> shape;
  switch (head % 5) {
    case 0: break;                                                    // 0-D
    case 1: shape = {1 + in.byte() % 40}; break;                      // 1-D
    case 2: shape = {1 + in.byte() % 12, 1 + in.byte() % 12}; break;  // 2-D
    case 3: {                                                         // empty
      const int64_t k = in.byte() % 5;
      const uint8_t form = in.byte() % 3;
      shape = form == 0 ? std::vector<int64_t>{0} : form == 1 ? std::vector<int64_t>{0, k} : std::vector<int64_t>{k, 0};
      break;
    }
    default: {  // > 1000 elements: summarized
      if (in.byte() & 1) {
        const int64_t lo = in.byte(), hi = in.byte();  // two statements: the order is fixed
        shape = {1001 + (lo | hi << 8) % 3000};
      } else {
        const int64_t rows = 1 + in.byte() % 80;
        shape = {rows, 1000 / rows + 1 + in.byte() % 50};
      }
    }
  }
  int64_t numel = 1;
  for (int64_t d : shape) numel *= d;
  lv::ReprSuffix suffix;
  const uint8_t sfx = in.byte();
  if (sfx & 1) suffix.grad_fn = (sfx & 2) ? "EmbeddingBackward0" : "MmBackward0";
  suffix.requires_grad = sfx & 4;
  if (sfx & 8) suffix.dtype = (sfx & 16) ? "torch.float16" : "torch.bfloat16";

  // The values: a selector byte each, < 64 a special value, else raw bits.
  std::vector<float> f;
  std::vector<int64_t> q;
  bool any_nan = false;
  for (int64_t i = 0; i < numel; ++i) {
    if (!in.more()) {  // repeat what the input gave
      if (integers) q.push_back(q.empty() ? 0 : q[static_cast<size_t>(i) % q.size()]);
      else f.push_back(f.empty() ? 0.0f : f[static_cast<size_t>(i) % f.size()]);
      continue;
    }
    const uint8_t sel = in.byte();
    if (integers) {
      q.push_back(sel < 64 ? special_int(sel) : static_cast<int64_t>(in.u64()));
    } else {
      float x;
      if (sel < 64) x = special_float(sel);
      else {
        const uint32_t b = in.u32();
        std::memcpy(&x, &b, 4);
      }
      f.push_back(x);
    }
  }
  for (float x : f) any_nan = any_nan || std::isnan(x);

  const std::span<const int64_t> sh(shape);
  const std::string s = integers ? lv::repr_tensor(q.data(), sh, suffix) : lv::repr_tensor(f.data(), sh, suffix);
  std::string bad = check_repr_text(s, "tensor(");
  if (!bad.empty()) return bad + ": " + s;
  const bool summarized = numel > 1000;
  if (summarized != (s.find("...") != std::string::npos)) return "summarized iff more than 1000 values: " + s;
  if (numel == 0 && s.find("[]") == std::string::npos) return "an empty tensor without []: " + s;
  if (!integers && !summarized && any_nan != (s.find("nan") != std::string::npos)) return "nan shown wrongly: " + s;
  if (!suffix.grad_fn.empty() && s.find("grad_fn=<" + suffix.grad_fn + ">)") == std::string::npos)
    return "grad_fn missing: " + s;
  if (suffix.grad_fn.empty() && suffix.requires_grad && s.find("requires_grad=True)") == std::string::npos)
    return "requires_grad missing: " + s;

  // The matrix conveniences agree with the pointer form, and a Parameter wraps it.
  if (shape.size() == 2) {
    if (integers) {
      lv::IntMatrix m = Eigen::Map<const lv::IntMatrix>(q.data(), shape[0], shape[1]);
      if (lv::repr_tensor(m, suffix) != s) return "IntMatrix repr differs";
    } else {
      lv::Matrix m = Eigen::Map<const lv::Matrix>(f.data(), shape[0], shape[1]);
      if (lv::repr_tensor(m, suffix) != s) return "Matrix repr differs";
      const std::string param = lv::repr_parameter(m);
      bad = check_repr_text(param, "Parameter containing:\ntensor(");
      if (!bad.empty()) return "parameter " + bad + ": " + param;
      if (param.find("requires_grad=True)") == std::string::npos) return "a Parameter without requires_grad";
    }
  }
  return "";
}

// ---------------------------------------------------------------- GPT-2's tokenizer

// The pack built into the build tree (LOOKUPVIZ_BPE_PACK), loaded once per process.
inline const lv::Gpt2Tokenizer& gpt2_tokenizer() {
  static const lv::TokenizerLoad load = lv::load_gpt2_tokenizer(LOOKUPVIZ_BPE_PACK);
  if (!load.tokenizer) {
    std::fprintf(stderr, "fuzz_bpe: %s\n", load.error.c_str());
    std::abort();
  }
  return *load.tokenizer;
}

// The input as text: UTF-8 encodes and decodes back to itself, anything else is one
// clean error line; the input as IDs (2 bytes each) decodes, and prints as UTF-8.
inline std::string check_bpe(const uint8_t* data, size_t n) {
  const lv::Gpt2Tokenizer& t = gpt2_tokenizer();
  const std::string_view text = as_text(data, n);
  const lv::Encoding e = t.encode(text);
  if (e.ok != !lv::utf8_error_offset(text).has_value()) return "encode's verdict differs from the UTF-8 check";
  if (!e.ok) {
    if (!one_clean_line(e.error) || !e.ids.empty()) return "an encode error that is not one clean line: " + e.error;
  } else {
    if (e.ids.size() > n) return "more tokens than bytes";
    const bool special = text.find(lv::kEndOfTextText) != std::string_view::npos;
    for (int64_t id : e.ids) {
      if (id < 0 || id >= lv::kGpt2VocabSize) return "an ID out of range: " + std::to_string(id);
      if (id == lv::kGpt2EndOfText && !special) return "<|endoftext|> without it in the text";
    }
    const lv::Decoding d = t.decode(e.ids);
    if (!d.ok || d.bytes != text) return "decode(encode(text)) is not the text";
    // The shown work agrees: the pieces cover the text, and each piece's replayed merges
    // end in the tokens encode() gave it (GPT-2's tokens all rebuild from their bytes).
    std::vector<lv::TextPiece> pieces;
    std::string why;
    if (!t.split(text, pieces, &why)) return "split fails where encode works: " + why;
    std::string joined;
    lv::IdList from_pieces;
    for (const lv::TextPiece& p : pieces) {
      joined += p.text;
      if (p.special) {
        from_pieces.push_back(lv::kGpt2EndOfText);
        continue;
      }
      lv::IdList parts;
      t.merge_steps(p.text, &parts);
      from_pieces.insert(from_pieces.end(), parts.begin(), parts.end());
    }
    if (joined != text) return "the pieces do not cover the text";
    if (from_pieces != e.ids) return "the replayed merges end elsewhere than encode()";
  }
  lv::IdList ids;
  for (size_t i = 0; i + 1 < n; i += 2) ids.push_back((data[i] | data[i + 1] << 8) % (lv::kGpt2VocabSize + 7));
  const lv::Decoding d = t.decode(ids);
  bool in_range = true;
  for (int64_t id : ids) in_range = in_range && id < lv::kGpt2VocabSize;
  if (d.ok != in_range) return "decode accepts an ID out of range, or refuses one in range";
  if (!d.ok) return one_clean_line(d.error) ? "" : "a decode error that is not one clean line";
  const std::string shown = lv::utf8_replace_invalid(d.bytes);
  if (lv::utf8_error_offset(shown).has_value()) return "replaced text is still not UTF-8";
  if (lv::utf8_error_offset(d.bytes).has_value() == (shown == d.bytes))
    return "replacement changed valid text or kept invalid";
  return "";
}

// ---------------------------------------------------------------- the recent-files reader

// parse_recent_files on any bytes, and load_recent_files on the same bytes as a file
// (a memfd, read through /proc/self/fd): at most kMaxRecentFiles specs, each one line
// (no CR, LF or NUL), not empty, at most kMaxRecentSpecBytes, no repeats; what is
// written reads back the same; a file over kMaxRecentFilesBytes reads as no list.
inline std::string check_recent(const uint8_t* data, size_t n) {
  const std::string_view text = as_text(data, n);
  const std::vector<std::string> list = lv::parse_recent_files(text);
  if (list.size() > lv::kMaxRecentFiles) return "more than kMaxRecentFiles specs";
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string& s = list[i];
    if (s.empty()) return "an empty spec";
    if (s.size() > lv::kMaxRecentSpecBytes) return "a spec longer than kMaxRecentSpecBytes";
    if (s.find_first_of(std::string_view("\n\r\0", 3)) != std::string::npos) return "a spec holding CR, LF or NUL";
    if (std::find(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(i), s) !=
        list.begin() + static_cast<std::ptrdiff_t>(i))
      return "a repeated spec";
  }
  if (lv::parse_recent_files(lv::recent_files_text(list)) != list) return "the written list does not read back";
  std::vector<std::string> again;  // remembering them oldest first rebuilds the list
  for (auto it = list.rbegin(); it != list.rend(); ++it) lv::remember_recent(again, *it);
  if (again != list) return "remember_recent does not keep what was read";
  // The file reader: the same bytes as a regular file.
  const int fd = memfd_create("recent-files", MFD_CLOEXEC);
  if (fd < 0) return "";  // no memfd here: the parser alone
  bool written = true;
  for (size_t done = 0; done < n && written;) {
    const ssize_t w = write(fd, data + done, n - done);
    written = w > 0;
    if (written) done += static_cast<size_t>(w);
  }
  const std::vector<std::string> loaded = lv::load_recent_files("/proc/self/fd/" + std::to_string(fd));
  close(fd);
  if (!written) return "";
  const std::vector<std::string> want = n <= lv::kMaxRecentFilesBytes ? list : std::vector<std::string>{};
  if (loaded != want) return "load_recent_files differs from parse_recent_files on the same bytes";
  return "";
}

// ---------------------------------------------------------------- a Hugging Face folder's JSON

// config.json up to the first NUL byte, model.safetensors.index.json after it (a file's
// JSON holds no raw NUL). Both parsers: an error is one clean line; a config names its
// model in clean text; an index's weight_map is sorted, each name once, every shard a
// plain file name in the folder (no '/', not "." or ".."), and a name's shard is found.
inline std::string check_hf_folder(const uint8_t* data, size_t n) {
  const std::string_view text = as_text(data, n);
  const size_t nul = text.find('\0');
  const std::string_view config = text.substr(0, nul),
                         index = nul == std::string_view::npos ? "" : text.substr(nul + 1);
  const lv::HfConfigParse c = lv::parse_hf_config(config, "m/config.json");
  if (!c.ok && !one_clean_line(c.error)) return "a config error that is not one clean line: " + c.error;
  if (c.ok) {
    if (!c.config.architecture.empty() && !one_clean_line(c.config.architecture)) return "an architecture not clean";
    if (!c.config.model_type.empty() && !one_clean_line(c.config.model_type)) return "a model_type not clean";
    if (lv::hf_embedding_names(c.config).empty() || lv::hf_head_names(c.config).empty()) return "no names to look for";
  }
  const lv::HfIndexParse x = lv::parse_hf_index(index, "m/model.safetensors.index.json");
  if (!x.ok && !one_clean_line(x.error)) return "an index error that is not one clean line: " + x.error;
  if (!x.ok && !x.weight_map.empty() && x.error.empty()) return "a failed index without an error";
  if (x.ok) {
    std::vector<std::string> names;
    for (size_t k = 0; k < x.weight_map.size(); ++k) {
      const auto& [tensor, shard] = x.weight_map[k];
      if (k > 0 && !(x.weight_map[k - 1].first < tensor)) return "a weight_map not sorted or with a name twice";
      if (shard.empty() || shard == "." || shard == ".." || shard.find('/') != std::string::npos ||
          shard.find('\0') != std::string::npos)
        return "a shard outside the folder accepted: " + shard;
      if (x.shard_of(tensor) != &shard) return "a tensor's shard not found";
      names.push_back(tensor);
    }
    const std::string like = lv::hf_embedding_like(names);
    if (!like.empty() && !x.shard_of(like)) return "an embedding-like name that is not in the map";
  }
  return "";
}

// ---------------------------------------------------------------- a model's tokenizer.json

// The first line is a text to tokenize, the rest a tokenizer.json. Read or refused in one
// clean line; when read, every ID it gives is in its vocabulary, its pieces' IDs are the
// text's, each piece's merge replay stays inside the piece, and its IDs decode.
// A model's tokenizer on one text: encode, split, replay and decode agree.
inline std::string check_model_tokenizer(const lv::Tokenizer& t, std::string_view text) {
  const lv::Encoding e = t.encode(text);
  if (!valid_utf8(text)) return e.ok ? "text that is not UTF-8 encoded" : "";
  if (!e.ok) return one_clean_line(e.error) ? "" : "an encoding error that is not one clean line: " + e.error;
  for (int64_t id : e.ids)
    if (!t.has_id(id)) return "an ID outside the vocabulary: " + std::to_string(id);
  std::vector<lv::TextPiece> pieces;
  std::string why;
  if (!t.split(text, pieces, &why)) return "split failed where encode did not: " + why;
  lv::IdList joined;
  for (const lv::TextPiece& p : pieces) {
    if (p.special) joined.push_back(t.special_id(p.text));
    else t.encode_piece(p.text, joined);
    if (p.special) continue;
    const lv::MergeReplay r = t.replay(p.text);
    if (r.start.size() != r.start_at.size()) return "a replay whose parts and offsets differ in number";
    for (const lv::BpeStep& s : r.steps)
      if (s.at >= p.text.size()) return "a merge outside its piece";
  }
  if (joined != e.ids) return "the pieces' IDs are not the text's";
  const lv::Decoding d = t.decode(e.ids);
  if (!d.ok) return "its own IDs do not decode: " + d.error;
  return "";
}

// First line: a text; the rest: a tokenizer.json.
inline std::string check_tokenizer_json(const uint8_t* data, size_t n) {
  const std::string_view all = as_text(data, n);
  const size_t nl = all.find('\n');
  const std::string_view text = nl == std::string_view::npos ? std::string_view() : all.substr(0, nl);
  const std::string_view json = nl == std::string_view::npos ? all : all.substr(nl + 1);
  const lv::ModelTokenizerLoad l = lv::tokenizer_from_json(json, "f/tokenizer.json");
  if (!l.tokenizer) return one_clean_line(l.error) ? "" : "an error that is not one clean line: " + l.error;
  return check_model_tokenizer(*l.tokenizer, text);
}

// The same GGUF with its string arrays left in the file (parse_gguf_header's
// strings_in_file_from, read back through a memfd) must give the same tokenizer.
inline std::string same_from_the_file(const uint8_t* data, size_t n, const lv::Tokenizer& want, std::string_view text) {
  lv::GgufParse p = lv::parse_gguf_header(data, n, "f.gguf", 1);
  if (!p.ok) return "a header the copied read accepts is refused with its strings in the file: " + p.error;
  const int fd = memfd_create("gguf", MFD_CLOEXEC);
  if (fd < 0) return "";  // no memfd here
  const bool written = write(fd, data, n) == static_cast<ssize_t>(n);
  const lv::ModelTokenizerLoad l =
      written ? lv::tokenizer_from_gguf(std::move(p.header), "f.gguf", {fd, n}) : lv::ModelTokenizerLoad{};
  close(fd);
  if (!written) return "";
  if (!l.tokenizer) return "the tokenizer from the file is refused: " + l.error;
  const lv::Encoding a = want.encode(text), b = l.tokenizer->encode(text);
  return a.ok == b.ok && a.ids == b.ids ? "" : "the tokenizer from the file encodes otherwise";
}

// First line: a text; the rest: a .gguf whose tokenizer.ggml.* metadata is read as
// llama.cpp reads it (special tokens that split a character, every pre-tokenizer name).
inline std::string check_gguf_tokenizer(const uint8_t* data, size_t n) {
  const std::string_view all = as_text(data, n);
  const size_t nl = all.find('\n');
  const std::string_view text = nl == std::string_view::npos ? std::string_view() : all.substr(0, nl);
  const size_t skip = nl == std::string_view::npos ? 0 : nl + 1;
  const lv::GgufParse p = lv::parse_gguf_header(data + skip, n - skip, "f.gguf");
  if (!p.ok) return "";
  const lv::ModelTokenizerLoad l = lv::tokenizer_from_gguf(p.header, "f.gguf");
  if (!l.tokenizer)
    return l.error.empty() || one_clean_line(l.error) ? "" : "an error that is not one clean line: " + l.error;
  if (std::string bad = same_from_the_file(data + skip, n - skip, *l.tokenizer, text); !bad.empty()) return bad;
  return check_model_tokenizer(*l.tokenizer, text);
}

// First line: a text; the rest: a tokenizer cache's payload, as a damaged or hostile cache file
// would hand it over, read two ways: as the spec alone (core/tokenizer/spec_codec.hpp) and as a
// whole payload with the indexes read in place (tokenizer_from_cache_payload, from a copy that
// starts 8-aligned as a file's bytes do). Each is refused with a reason, or makes a tokenizer
// that then encodes, splits and decodes the text.
inline std::string check_tokenizer_cache(const uint8_t* data, size_t n) {
  const std::string_view all = as_text(data, n);
  const size_t nl = all.find('\n');
  const std::string_view text = nl == std::string_view::npos ? std::string_view() : all.substr(0, nl);
  const std::string_view payload = nl == std::string_view::npos ? all : all.substr(nl + 1);
  const auto bytes = std::make_shared<const std::string>(payload);
  std::string why;
  if (const auto t = lv::tokenizer_from_cache_payload(*bytes, bytes, &why)) {
    if (std::string bad = check_model_tokenizer(*t, text); !bad.empty()) return "the payload's tokenizer: " + bad;
  } else if (why.empty()) {
    return "a refused payload without a reason";
  }
  why.clear();
  lv::BpeSpec spec;
  if (!lv::decode_spec(payload, spec, &why)) return why.empty() ? "a refused spec without a reason" : "";
  const auto t = std::make_shared<const lv::BpeTokenizer>(std::move(spec));
  if (!t->error().empty())
    return one_clean_line(t->error()) ? "" : "an error that is not one clean line: " + t->error();
  return check_model_tokenizer(*t, text);
}

// ---------------------------------------------------------------- the table of targets

using Check = std::string (*)(const uint8_t*, size_t);
struct Target {
  const char* name;  // the fuzz binary, and its folders under tests/fuzz/corpus and tests/fuzz/regressions
  Check check;
};
inline constexpr Target kTargets[] = {
    {"fuzz_ids", check_ids},
    {"fuzz_cli", check_cli},
    {"fuzz_npy", check_npy},
    {"fuzz_safetensors", check_safetensors},
    {"fuzz_settings", check_settings},
    {"fuzz_format", check_format},
    {"fuzz_bpe", check_bpe},
    {"fuzz_recent", check_recent},
    {"fuzz_gguf", check_gguf},
    {"fuzz_hf_folder", check_hf_folder},
    {"fuzz_tokenizer_json", check_tokenizer_json},
    {"fuzz_gguf_tokenizer", check_gguf_tokenizer},
    {"fuzz_tokenizer_cache", check_tokenizer_cache},
};

// libFuzzer's side: a broken invariant is a crash, with the reason on stderr.
inline int run(Check check, const uint8_t* data, size_t n) {
  const std::string bad = check(data, n);
  if (!bad.empty()) {
    std::fprintf(stderr, "lookupviz fuzz invariant broken: %s\n", bad.c_str());
    std::abort();
  }
  return 0;
}

}  // namespace lvfuzz
