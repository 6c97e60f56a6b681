// table_file.cpp — the .npy, .safetensors and .gguf readers (see the header).
// Sections: 1. sizes and messages  2. conversion to float32  3. .npy  4. .safetensors
// (its JSON header through core/io/json_reader)  4b. .gguf (its header through
// core/io/gguf_file)  5. files: resolve, map, dispatch  6. reading.
#include "core/io/table_file.hpp"

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>
#include <limits>
#include <memory>
#include <new>
#include <string_view>

#include "core/torch/dtype_round.hpp"
#include "core/io/ggml_quants.hpp"
#include "core/io/gguf_file.hpp"
#include "core/io/hf_folder.hpp"
#include "core/io/json_reader.hpp"
#include "core/io/sigbus_guard.hpp"
#include "core/text/text_format.hpp"

namespace lv {

// ---------------------------------------------------------------- 1. sizes and messages

namespace {

using Src = StoredType;

size_t itemsize(Src s) { return static_cast<size_t>(stored_block_bytes(s)); }
const char* src_name(Src s) {
  switch (s) {
    case Src::F16: return "float16";
    case Src::BF16: return "bfloat16";
    case Src::F64: return "float64";
    case Src::F32: return "float32";
    case Src::Q4_0: return "Q4_0";
    case Src::Q4_1: return "Q4_1";
    case Src::Q5_0: return "Q5_0";
    case Src::Q5_1: return "Q5_1";
    case Src::Q8_0: return "Q8_0";
    case Src::Q2_K: return "Q2_K";
    case Src::Q3_K: return "Q3_K";
    case Src::Q4_K: return "Q4_K";
    case Src::Q5_K: return "Q5_K";
    case Src::Q6_K: return "Q6_K";
  }
  return "float32";
}

// The ggml type of a block format (ggml_quants.hpp), and back.
GgmlType ggml_of(Src s) {
  switch (s) {
    case Src::Q4_0: return GgmlType::Q4_0;
    case Src::Q4_1: return GgmlType::Q4_1;
    case Src::Q5_0: return GgmlType::Q5_0;
    case Src::Q5_1: return GgmlType::Q5_1;
    case Src::Q8_0: return GgmlType::Q8_0;
    case Src::Q2_K: return GgmlType::Q2_K;
    case Src::Q3_K: return GgmlType::Q3_K;
    case Src::Q4_K: return GgmlType::Q4_K;
    case Src::Q5_K: return GgmlType::Q5_K;
    case Src::Q6_K: return GgmlType::Q6_K;
    case Src::F16: return GgmlType::F16;
    case Src::BF16: return GgmlType::BF16;
    case Src::F64: return GgmlType::F64;
    case Src::F32: return GgmlType::F32;
  }
  return GgmlType::F32;
}
bool src_of(uint32_t ggml, Src* out) {
  for (Src s : {Src::F32, Src::F16, Src::BF16, Src::F64, Src::Q4_0, Src::Q4_1, Src::Q5_0, Src::Q5_1, Src::Q8_0,
                Src::Q2_K, Src::Q3_K, Src::Q4_K, Src::Q5_K, Src::Q6_K})
    if (static_cast<uint32_t>(ggml_of(s)) == ggml) {
      *out = s;
      return true;
    }
  return false;
}

TableLoad fail(std::string msg, TableLoadFailure why = TableLoadFailure::BadInput) {
  TableLoad r;
  r.error = std::move(msg);
  r.failure = why;
  return r;
}

// a × b, or false when it does not fit in 63 bits (every size here stays below 2^63).
bool mul_ok(uint64_t a, uint64_t b, uint64_t* out) {
  uint64_t r;
  if (__builtin_mul_overflow(a, b, &r) || r > (uint64_t{1} << 62)) return false;
  *out = r;
  return true;
}

std::string shape_text(const std::vector<uint64_t>& shape, const char* sep = " × ") {
  std::string s;
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? sep : "") + std::to_string(shape[i]);
  return s;
}

// A name from the file (or typed by the user) as error messages show it: control
// characters as '?' (a name may hold "\n" or ESC via JSON escapes), at most 60 bytes
// (cut at a UTF-8 boundary, then "…"), so every message stays one short, safe line.
std::string shown(std::string_view name) {
  size_t cut = name.size();
  if (cut > 60) {
    cut = 60;
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
  }
  std::string s(name.substr(0, cut));
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
  return cut < name.size() ? s + "…" : s;
}

// The last line of defence for the public functions: an error is one line.
TableLoad one_line(TableLoad r) {
  for (char& c : r.error)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
  return r;
}

const char* kChanged = " changed while it was being read (it was truncated or replaced); the current table stays.";

// ---------------------------------------------------------------- 2. reading rows as float32

template <Src S>
inline float load_one(const uint8_t* p) {
  if constexpr (S == Src::F32) {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  } else if constexpr (S == Src::F64) {
    double d;
    std::memcpy(&d, p, 8);
    return static_cast<float>(d);  // round to nearest even, as numpy's astype and torch's .float()
  } else {
    uint16_t h;
    std::memcpy(&h, p, 2);
    return S == Src::F16 ? half_bits_to_float(h) : bfloat16_bits_to_float(h);
  }
}

// One read: rows ids[0..n) (or first..first+n when ids is null) into out. Filled in
// before the guarded run, read inside it (no destructors may live in its frames).
struct RowRead {
  const TableFile* t;
  const int64_t* ids;
  int64_t first;
  size_t n;
  float* out;
};

template <Src S>
void read_typed(const RowRead& q) {
  constexpr size_t k = S == Src::F64 ? 8 : S == Src::F32 ? 4 : 2;
  const TableFile& t = *q.t;
  for (size_t i = 0; i < q.n; ++i) {
    const int64_t r = q.ids ? q.ids[i] : q.first + static_cast<int64_t>(i);
    float* out = q.out + i * static_cast<size_t>(t.cols);
    if (!t.fortran) {
      const uint8_t* src = t.base + static_cast<size_t>(r) * static_cast<size_t>(t.cols) * k;
      if constexpr (S == Src::F32) {
        std::memcpy(out, src, static_cast<size_t>(t.cols) * 4);
      } else if constexpr (S == Src::BF16) {
        // bfloat16 is float32's top half: interleave zeros below each value, eight at a
        // time (SSE2, every x86-64; the compiler does not vectorize the loop itself), so
        // a Llama's 1 GB table converts at memory speed, not a call per value.
        int64_t j0 = 0;
#ifdef __SSE2__
        const __m128i zero = _mm_setzero_si128();
        for (; j0 + 8 <= t.cols; j0 += 8) {
          const __m128i h8 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + static_cast<size_t>(j0) * 2));
          _mm_storeu_si128(reinterpret_cast<__m128i*>(out + j0), _mm_unpacklo_epi16(zero, h8));
          _mm_storeu_si128(reinterpret_cast<__m128i*>(out + j0 + 4), _mm_unpackhi_epi16(zero, h8));
        }
#endif
        for (int64_t j = j0; j < t.cols; ++j) {
          uint16_t h;
          std::memcpy(&h, src + static_cast<size_t>(j) * 2, 2);
          const uint32_t bits = static_cast<uint32_t>(h) << 16;
          std::memcpy(out + j, &bits, 4);
        }
      } else {
        for (int64_t j = 0; j < t.cols; ++j) out[j] = load_one<S>(src + static_cast<size_t>(j) * k);
      }
    } else {  // column-major: a row is strided (one value per column)
      for (int64_t j = 0; j < t.cols; ++j) out[j] = load_one<S>(t.base + static_cast<size_t>(r + j * t.rows) * k);
    }
  }
}

// A block format: each row dequantized from its bytes where they lie (no copy of the
// row's bytes, no float copy of the table), as ggml's dequantize_row_* does.
void read_blocks(const RowRead& q) {
  const TableFile& t = *q.t;
  const GgmlType g = ggml_of(t.type);
  const size_t row_bytes = static_cast<size_t>(t.row_bytes());
  for (size_t i = 0; i < q.n; ++i) {
    const int64_t r = q.ids ? q.ids[i] : q.first + static_cast<int64_t>(i);
    dequantize_row(g, t.base + static_cast<size_t>(r) * row_bytes, q.out + i * static_cast<size_t>(t.cols), t.cols);
  }
}

void read_body(void* p) {
  const RowRead& q = *static_cast<const RowRead*>(p);
  switch (q.t->type) {
    case Src::F32: read_typed<Src::F32>(q); break;
    case Src::F16: read_typed<Src::F16>(q); break;
    case Src::BF16: read_typed<Src::BF16>(q); break;
    case Src::F64: read_typed<Src::F64>(q); break;
    default: read_blocks(q); break;
  }
}

// The file shrank (check_on_disk saw it): values at or past its end read as NaN, as
// those on pages past it do (SIGBUS). The bytes of its last page past the end read as
// zeros from the mapping; without this, a file truncated to 128 bytes showed row 0 as 0.
void nan_past_end(const RowRead& q) {
  const TableFile& t = *q.t;
  const uint64_t end = t.valid_end_->load(std::memory_order_relaxed);
  if (end >= t.data_offset + t.stored_bytes()) return;  // the usual case: one load and a compare
  const uint64_t k = t.itemsize(), bv = static_cast<uint64_t>(stored_block_values(t.type));
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (size_t i = 0; i < q.n; ++i) {
    const int64_t r = q.ids ? q.ids[i] : q.first + static_cast<int64_t>(i);
    float* out = q.out + i * static_cast<size_t>(t.cols);
    for (int64_t j = 0; j < t.cols; ++j) {
      // The end of the item (a value, or the block) that holds (r, j).
      const uint64_t item_end =
          t.fortran ? static_cast<uint64_t>(r + j * t.rows + 1) * k
                    : static_cast<uint64_t>(r) * t.row_bytes() + (static_cast<uint64_t>(j) / bv + 1) * k;
      if (t.data_offset + item_end > end) out[j] = nan;
    }
  }
}

bool run_read(const RowRead& q) {
  if (!q.t->mapped) {
    read_body(const_cast<RowRead*>(&q));
    return true;
  }
  if (run_sigbus_guarded(read_body, const_cast<RowRead*>(&q))) {
    nan_past_end(q);
    return true;
  }
  // The file shrank under the mapping: what was asked for reads as NaN, and the table says so.
  std::fill(q.out, q.out + q.n * static_cast<size_t>(q.t->cols), std::numeric_limits<float>::quiet_NaN());
  q.t->changed_->store(true, std::memory_order_relaxed);
  return false;
}

// The shared tail of both formats: the limit, then a view of the values where they are.
TableLoad finish(const std::string& label, const uint8_t* src, uint64_t rows, uint64_t cols, Src type, bool fortran) {
  const uint64_t values = rows * cols;  // checked by the caller (fits with the itemsize)
  if (values > static_cast<uint64_t>(kMaxTableElements))
    return fail(label + " holds a " + std::to_string(rows) + " × " + std::to_string(cols) + " table (" +
                with_commas(values) + " values); lookupviz loads at most " +
                with_commas(static_cast<uint64_t>(kMaxTableElements)) + " values (8 GiB as float32).");
  TableLoad r;
  r.ok = true;
  r.table.rows = static_cast<int64_t>(rows);
  r.table.cols = static_cast<int64_t>(cols);
  r.table.dtype = src_name(type);
  r.table.type = type;
  r.table.fortran = fortran;
  r.table.base = src;
  return r;
}

// parse_* on bytes the caller owns: the table keeps its own copy of its values.
TableLoad adopt_copy(TableLoad r) {
  if (!r.ok) return r;
  auto bytes = std::make_shared<std::vector<uint8_t>>(r.table.base, r.table.base + r.table.stored_bytes());
  r.table.base = bytes->data();
  r.table.keep = std::move(bytes);
  r.table.mapped = false;
  return r;
}

// Copies header bytes out of a possibly mapped file; false if the file shrank under us.
bool copy_out(std::string& dst, const uint8_t* src, size_t n) {
  dst.resize(n);
  return n == 0 || guarded_memcpy(dst.data(), src, n);
}

// "the header promises 50257 × 768 float32 (154,389,504 bytes) but the file has 1,000
// bytes of data" — the size mismatch sentence both formats use.
std::string size_mismatch(const std::string& label, const std::string& what, uint64_t promised, uint64_t have) {
  return label + (have < promised ? " is truncated: " : ": ") + what + " (" + with_commas(promised) +
         " bytes) but the file has " + with_commas(have) + " bytes of data.";
}

// ---------------------------------------------------------------- 3. .npy

// The header is a Python dict literal, e.g.
//   {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
// A small strict reader for exactly that grammar.
struct PyDictReader {
  std::string_view s;
  size_t i = 0;
  std::string error;

  void ws() {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
  }
  bool expect(char c) {
    ws();
    if (i < s.size() && s[i] == c) {
      ++i;
      return true;
    }
    if (error.empty()) error = std::string("expected '") + c + "' at byte " + std::to_string(i);
    return false;
  }
  bool peek(char c) {
    ws();
    return i < s.size() && s[i] == c;
  }
  bool string(std::string& out) {
    ws();
    if (i >= s.size() || (s[i] != '\'' && s[i] != '"')) {
      error = "expected a string at byte " + std::to_string(i);
      return false;
    }
    const char q = s[i++];
    out.clear();
    while (i < s.size() && s[i] != q) {
      const unsigned char ch = static_cast<unsigned char>(s[i]);
      if (ch == '\\' || ch < 0x20 || ch >= 0x7f) {  // no escapes in the strings numpy writes here
        error = "unexpected character in a string at byte " + std::to_string(i);
        return false;
      }
      out += s[i++];
    }
    if (i >= s.size()) {
      error = "unterminated string";
      return false;
    }
    ++i;
    return true;
  }
  bool integer(uint64_t& v) {
    ws();
    const size_t start = i;
    v = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      if (v > (uint64_t{1} << 62) / 10) {
        error = "a dimension too large to be real at byte " + std::to_string(start);
        return false;
      }
      v = v * 10 + static_cast<uint64_t>(s[i++] - '0');
    }
    if (i == start) {
      error = "expected a dimension at byte " + std::to_string(i);
      return false;
    }
    if (i < s.size() && s[i] == 'L') ++i;  // Python 2's long suffix, in files numpy wrote long ago
    return true;
  }
  bool word(std::string_view w) {
    ws();
    if (s.substr(i, w.size()) == w) {
      i += w.size();
      return true;
    }
    return false;
  }
};

TableLoad npy_impl(const uint8_t* base, size_t n, const std::string& label) {
  if (n == 0) return fail(label + " is empty.");
  std::string pre;
  if (!copy_out(pre, base, std::min<size_t>(n, 12))) return fail(label + kChanged);
  static const char kMagic[] = "\x93NUMPY";
  if (pre.size() < 6 || std::memcmp(pre.data(), kMagic, 6) != 0) {
    if (pre.size() < 6 && std::memcmp(pre.data(), kMagic, pre.size()) == 0)
      return fail(label + " is truncated: it ends inside the .npy magic.");
    return fail(label + " is not a .npy file: it does not start with the .npy magic (\\x93NUMPY).");
  }
  if (pre.size() < 10) return fail(label + " is truncated: it ends inside its .npy header.");
  const int major = static_cast<unsigned char>(pre[6]), minor = static_cast<unsigned char>(pre[7]);
  if ((major != 1 && major != 2 && major != 3) || minor != 0)
    return fail(label + " is a .npy file of version " + std::to_string(major) + "." + std::to_string(minor) +
                "; lookupviz reads versions 1.0, 2.0 and 3.0.");
  size_t prefix = 10;
  uint64_t hlen = static_cast<unsigned char>(pre[8]) | (static_cast<unsigned char>(pre[9]) << 8);
  if (major >= 2) {
    if (pre.size() < 12) return fail(label + " is truncated: it ends inside its .npy header.");
    prefix = 12;
    hlen = 0;
    for (int b = 3; b >= 0; --b) hlen = (hlen << 8) | static_cast<unsigned char>(pre[8 + b]);
  }
  if (hlen > kMaxNpyHeaderBytes)
    return fail(label + "'s header is longer than " + with_commas(kMaxNpyHeaderBytes) + " bytes (it says " +
                with_commas(hlen) + "); this is not a table lookupviz can read.");
  if (prefix + hlen > n)
    return fail(label + " is truncated: its header should be " + with_commas(hlen) + " bytes but the file ends after " +
                with_commas(n - prefix) + ".");
  std::string header;
  if (!copy_out(header, base + prefix, static_cast<size_t>(hlen))) return fail(label + kChanged);

  // The dict.
  PyDictReader rd;
  rd.s = header;
  std::string descr;
  bool have_descr = false, have_order = false, have_shape = false, fortran = false;
  std::vector<uint64_t> shape;
  auto bad = [&](const std::string& why) { return fail(label + "'s .npy header is malformed: " + why + "."); };
  if (!rd.expect('{')) return bad(rd.error);
  while (!rd.peek('}')) {
    std::string key;
    if (!rd.string(key) || !rd.expect(':')) return bad(rd.error);
    if (key == "descr" && !have_descr) {
      have_descr = true;
      if (rd.peek('['))
        return fail(label + " holds a structured array (a record dtype); a table must be a plain float array.");
      if (!rd.string(descr)) return bad(rd.error);
    } else if (key == "fortran_order" && !have_order) {
      have_order = true;
      if (rd.word("True")) fortran = true;
      else if (rd.word("False")) fortran = false;
      else return bad("fortran_order is neither True nor False");
    } else if (key == "shape" && !have_shape) {
      have_shape = true;
      if (!rd.expect('(')) return bad(rd.error);
      while (!rd.peek(')')) {
        uint64_t d = 0;
        if (!rd.integer(d)) return bad(rd.error);
        if (shape.size() >= 32) return bad("more than 32 dimensions");
        shape.push_back(d);
        if (!rd.peek(',')) break;
        rd.expect(',');
      }
      if (!rd.expect(')')) return bad(rd.error);
    } else {
      return bad("unexpected or repeated key '" + shown(key) + "'");
    }
    if (!rd.peek(',')) break;
    rd.expect(',');
  }
  if (!rd.expect('}')) return bad(rd.error);
  rd.ws();
  if (rd.i != header.size()) return bad("text after the dict at byte " + std::to_string(rd.i));
  if (!have_descr) return bad("it has no 'descr'");
  if (!have_order) return bad("it has no 'fortran_order'");
  if (!have_shape) return bad("it has no 'shape'");

  // The dtype.
  Src type;
  if (descr == "<f4") type = Src::F32;
  else if (descr == "<f2") type = Src::F16;
  else if (descr == "<f8") type = Src::F64;
  else if (descr == ">f4" || descr == ">f2" || descr == ">f8")
    return fail(label + " is big-endian (dtype '" + descr +
                "'); lookupviz reads little-endian float32, float16 and float64.");
  else if (descr == "|O" || descr == "O" || descr == "<O" || descr == ">O")
    return fail(label + " holds Python objects (dtype '" + descr +
                "'); a table must hold float32, float16 or float64 numbers.");
  else
    return fail(label + " uses dtype '" + descr + "'; lookupviz reads float32, float16 and float64 (little-endian).");

  // The shape.
  if (shape.size() != 2) {
    if (shape.empty()) return fail(label + " holds a 0-D array (a single number); a table must be 2-D.");
    return fail(label + " holds a " + std::to_string(shape.size()) + "-D array (" + shape_text(shape) +
                "); a table must be 2-D.");
  }
  if (shape[0] == 0 || shape[1] == 0)
    return fail(label + " holds an empty " + shape_text(shape) +
                " array; a table needs at least one row and one column.");
  uint64_t values, bytes;
  if (!mul_ok(shape[0], shape[1], &values) || !mul_ok(values, itemsize(type), &bytes))
    return fail(label + "'s header claims a " + shape_text(shape) + " " + src_name(type) +
                " array, larger than any file can be.");
  const uint64_t have = n - prefix - hlen;
  if (have != bytes)
    return fail(size_mismatch(label, std::string("the header promises ") + shape_text(shape) + " " + src_name(type),
                              bytes, have));
  return finish(label, base + prefix + hlen, shape[0], shape[1], type, fortran);
}

// ---------------------------------------------------------------- 4. .safetensors

struct StEntry {
  std::string name, dtype;
  std::vector<uint64_t> shape;
  uint64_t begin = 0, end = 0;
  bool have_dtype = false, have_shape = false, have_offsets = false;
  size_t place = 0;  // its order in the header
};

// Size in bytes of a safetensors dtype, 0 when unknown.
size_t st_itemsize(const std::string& d) {
  if (d == "F64" || d == "I64" || d == "U64") return 8;
  if (d == "F32" || d == "I32" || d == "U32") return 4;
  if (d == "F16" || d == "BF16" || d == "I16" || d == "U16") return 2;
  if (d == "I8" || d == "U8" || d == "BOOL" || d == "F8_E4M3" || d == "F8_E5M2") return 1;
  return 0;
}

// (The empty name, which FILE: picks, as "" so the list shows it.)
std::string entry_text(const StEntry& e) {
  return (e.name.empty() ? std::string("\"\"") : shown(e.name)) + " (" + shape_text(e.shape, "×") + ")";
}

std::string list_entries(const std::vector<const StEntry*>& es) {
  std::string s;
  const size_t shown = std::min<size_t>(es.size(), 12);
  for (size_t k = 0; k < shown; ++k) s += (k ? ", " : "") + entry_text(*es[k]);
  if (es.size() > shown) s += ", and " + std::to_string(es.size() - shown) + " more";
  return s;
}

// Where a tensor goes in a list to pick from: 0 a 2-D tensor named like a token
// embedding (GPT-2's wte, Llama's embed_tokens / tok_embeddings, BERT's
// word_embeddings), 1 another 2-D tensor, 2 the rest.
int pick_rank(const StEntry& e) {
  if (e.shape.size() != 2) return 2;
  for (const char* word : {"wte", "embed_tokens", "tok_embeddings", "word_embeddings"})
    if (e.name.find(word) != std::string::npos) return 0;
  return 1;
}

// The entries sorted by name, then by place. The sort compares an 8-byte prefix held in
// the key itself first, so 1.6 M names sort without chasing a pointer per comparison.
std::vector<const StEntry*> sorted_by_name(const std::deque<StEntry>& entries) {
  struct Key {
    uint64_t prefix;  // the name's first 8 bytes, big-endian (compares as the bytes do)
    const StEntry* e;
  };
  std::vector<Key> keys;
  keys.reserve(entries.size());
  for (const StEntry& e : entries) {
    uint64_t p = 0;
    for (size_t k = 0; k < 8; ++k) p = p << 8 | (k < e.name.size() ? static_cast<unsigned char>(e.name[k]) : 0u);
    keys.push_back({p, &e});
  }
  std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
    if (a.prefix != b.prefix) return a.prefix < b.prefix;
    const int c = a.e->name.compare(b.e->name);
    return c != 0 ? c < 0 : a.e->place < b.e->place;
  });
  std::vector<const StEntry*> out;
  out.reserve(keys.size());
  for (const Key& k : keys) out.push_back(k.e);
  return out;
}

// One field of a tensor's entry in the header, its key read: dtype, shape and
// data_offsets (each at most once) into e; any other field is skipped. False on an
// error, recorded in js.
bool read_tensor_field(JsonReader& js, StEntry& e, const std::string& field) {
  if (field == "dtype" && !e.have_dtype) {
    e.have_dtype = true;
    return js.string(e.dtype);
  }
  if (field == "shape" && !e.have_shape) {
    e.have_shape = true;
    return js.uint_array(e.shape, 32);
  }
  if (field == "data_offsets" && !e.have_offsets) {
    e.have_offsets = true;
    std::vector<uint64_t> off;
    if (!js.uint_array(off, 2)) return false;
    if (off.size() != 2) return js.err("data_offsets of tensor '" + shown(e.name) + "' is not two numbers");
    e.begin = off[0];
    e.end = off[1];
    return true;
  }
  if (field == "dtype" || field == "shape" || field == "data_offsets")
    return js.err("tensor '" + shown(e.name) + "' repeats \"" + field + "\"");
  return js.skip();
}

// Every tensor's bytes must lie in the data section (data_size bytes) and match shape ×
// dtype: "" or the problem, one sentence.
std::string tensor_bytes_problem(const std::deque<StEntry>& entries, uint64_t data_size, const std::string& label) {
  for (const StEntry& e : entries) {
    if (e.end < e.begin)
      return label + ": tensor '" + shown(e.name) + "' has data_offsets [" + std::to_string(e.begin) + ", " +
             std::to_string(e.end) + "] that end before they begin.";
    if (e.end > data_size)
      return label + " is truncated: tensor '" + shown(e.name) + "' ends at byte " + with_commas(e.end) +
             " of the data but the file has " + with_commas(data_size) + " bytes of data.";
    const size_t k = st_itemsize(e.dtype);
    if (k == 0) continue;  // an unknown dtype: can't check it, and we won't load it
    uint64_t values = 1, bytes;
    bool fits = true;
    for (uint64_t d : e.shape) fits = fits && mul_ok(values, d, &values);
    if (!fits || !mul_ok(values, k, &bytes))
      return label + ": tensor '" + shown(e.name) + "' claims a shape (" + shape_text(e.shape) +
             ") larger than any file can be.";
    if (bytes != e.end - e.begin)
      return label + ": tensor '" + shown(e.name) + "' is " + shape_text(e.shape) + " " + e.dtype + " (" +
             with_commas(bytes) + " bytes) but its data_offsets span " + with_commas(e.end - e.begin) + " bytes.";
  }
  return "";
}

// want: the tensor asked for (FILE:NAME; "" is a name too), or none: pick the one table.
// The first of a tensor entry's three fields it lacks.
const char* missing_field(const StEntry& e) {
  if (!e.have_dtype) return "dtype";
  return !e.have_shape ? "shape" : "data_offsets";
}

TableLoad safetensors_impl(const uint8_t* base, size_t n, const std::optional<std::string>& want_name,
                           const std::string& label) {
  if (n == 0) return fail(label + " is empty.");
  if (n < 8) return fail(label + " is truncated: it ends inside the 8-byte length of its header.");
  std::string pre;
  if (!copy_out(pre, base, 8)) return fail(label + kChanged);
  uint64_t hlen = 0;
  for (int b = 7; b >= 0; --b) hlen = (hlen << 8) | static_cast<unsigned char>(pre[static_cast<size_t>(b)]);
  if (hlen > kMaxSafetensorsHeaderBytes)
    return fail(label + "'s header is longer than " + with_commas(kMaxSafetensorsHeaderBytes) + " bytes (it says " +
                with_commas(hlen) + "); this is not a .safetensors file lookupviz can read.");
  if (hlen > n - 8)
    return fail(label + " is truncated: its header should be " + with_commas(hlen) + " bytes but the file ends after " +
                with_commas(n - 8) + ".");
  std::string header;
  if (!copy_out(header, base + 8, static_cast<size_t>(hlen))) return fail(label + kChanged);
  const uint64_t data_size = n - 8 - hlen;
  const uint8_t* data = base + 8 + hlen;

  // The header: {"name": {"dtype": "F32", "shape": [V, D], "data_offsets": [b, e]}, ...,
  //              "__metadata__": {...}} followed by optional spaces.
  JsonReader js(header);
  auto bad = [&] { return fail(label + "'s header is not valid safetensors JSON: " + js.error + "."); };
  // Up to ~1.6 M tensors fit the 100 MB header, so nothing here is quadratic: the names
  // are sorted once, as pointers (a deque never moves its elements), and a repeated
  // name shows as two neighbours.
  std::deque<StEntry> entries;
  if (header.empty() || header[0] != '{') {
    js.err("it does not start with '{'");
    return bad();
  }
  js.i = 1;
  std::string incomplete;  // a tensor's entry without one of its three fields
  const bool read = js.members([&](const std::string& key) {
    if (key == "__metadata__") return js.skip();
    StEntry e;
    e.name = key;
    e.place = entries.size();
    if (!js.expect('{') || !js.members([&](const std::string& field) { return read_tensor_field(js, e, field); }))
      return false;
    if (!e.have_dtype || !e.have_shape || !e.have_offsets) {
      incomplete = label + ": tensor '" + shown(key) + "' has no " + missing_field(e) + ".";
      return false;
    }
    entries.push_back(std::move(e));
    return true;
  });
  if (!read) return incomplete.empty() ? bad() : fail(incomplete);
  js.ws();
  if (js.i != header.size()) {
    js.err("text after the header's object");
    return bad();
  }
  // Sorted by name, then by place in the file; of the repeated names, the one repeated
  // first in the file is named.
  std::vector<const StEntry*> all = sorted_by_name(entries), two_d;
  const StEntry* repeat = nullptr;
  for (size_t k = 1; k < all.size(); ++k)
    if (all[k]->name == all[k - 1]->name && (!repeat || all[k]->place < repeat->place)) repeat = all[k];
  if (repeat) return fail(label + " has tensor '" + shown(repeat->name) + "' twice.");
  const std::vector<const StEntry*> by_name = all;  // for looking a NAME up
  // What a user picks from: 2-D tensors first, the embedding-looking ones on top (a
  // GPT-2 file has 148 tensors; "wte.weight" must not be the 13th of a list cut at 12).
  std::stable_sort(all.begin(), all.end(),
                   [](const StEntry* a, const StEntry* b) { return pick_rank(*a) < pick_rank(*b); });

  if (std::string e = tensor_bytes_problem(entries, data_size, label); !e.empty()) return fail(e);

  for (const StEntry* e : all)
    if (e->shape.size() == 2) two_d.push_back(e);

  const StEntry* pick = nullptr;
  if (want_name) {
    const std::string& want = *want_name;
    const auto at = std::lower_bound(by_name.begin(), by_name.end(), want,
                                     [](const StEntry* e, const std::string& name) { return e->name < name; });
    if (at != by_name.end() && (*at)->name == want) pick = *at;
    if (!pick) {
      if (entries.empty()) return fail(label + " has no tensor '" + shown(want) + "'; it holds no tensors at all.");
      return fail(label + " has no tensor '" + shown(want) + "'; it has: " + list_entries(all) + ".");
    }
    if (pick->shape.size() != 2) {
      if (pick->shape.empty())
        return fail(label + ": tensor '" + shown(want) + "' is 0-D (a single number); pick a 2-D tensor.");
      return fail(label + ": tensor '" + shown(want) + "' is " + std::to_string(pick->shape.size()) + "-D (" +
                  shape_text(pick->shape) + "); pick a 2-D tensor.");
    }
  } else if (two_d.size() == 1) {
    pick = two_d[0];  // the one table among biases and scalars
  } else if (two_d.empty()) {
    if (entries.empty()) return fail(label + " holds no tensors.");
    return fail(label + " has no 2-D tensor to use as a table; it has: " + list_entries(all) + ".");
  } else {
    TableLoad r;
    for (const StEntry* e : two_d) r.tensor_names.push_back(e->name);
    r.error = label + " has " + std::to_string(two_d.size()) +
              " 2-D tensors; pick one (FILE:NAME): " + list_entries(two_d) + ".";
    return r;
  }

  Src type;
  if (pick->dtype == "F32") type = Src::F32;
  else if (pick->dtype == "F16") type = Src::F16;
  else if (pick->dtype == "BF16") type = Src::BF16;
  else if (pick->dtype == "F64") type = Src::F64;
  else
    return fail(label + ": tensor '" + shown(pick->name) + "' has dtype " + shown(pick->dtype) +
                "; lookupviz reads F32, F16, BF16 and F64.");
  if (pick->shape[0] == 0 || pick->shape[1] == 0)
    return fail(label + ": tensor '" + shown(pick->name) + "' is empty (" + shape_text(pick->shape) +
                "); a table needs at least one row and one column.");
  TableLoad r = finish(label, data + pick->begin, pick->shape[0], pick->shape[1], type, false);
  if (r.ok) {
    r.table.name = pick->name;
    r.table.named = true;
  }
  return r;
}

// ---------------------------------------------------------------- 4b. .gguf

// A tensor's shape as PyTorch's (gguf-py's) order: ggml's ne reversed, rows first.
std::vector<uint64_t> torch_shape(const GgufTensorInfo& t) { return {t.ne.rbegin(), t.ne.rend()}; }

std::string gguf_entry_text(const GgufTensorInfo& t) {
  const char* type = ggml_type_name(t.type);
  return (t.name.empty() ? std::string("\"\"") : shown(t.name)) + " (" + shape_text(torch_shape(t), "×") + " " +
         (type ? type : "type " + std::to_string(t.type)) + ")";
}

std::string gguf_list(const std::vector<const GgufTensorInfo*>& ts) {
  std::string s;
  const size_t n = std::min<size_t>(ts.size(), 12);
  for (size_t k = 0; k < n; ++k) s += (k ? ", " : "") + gguf_entry_text(*ts[k]);
  if (ts.size() > n) s += ", and " + std::to_string(ts.size() - n) + " more";
  return s;
}

// Where a tensor goes in a list to pick from: 0 the token embedding (llama.cpp's
// token_embd), 1 another 2-D tensor (output.weight, the layers' matrices), 2 the rest.
int gguf_rank(const GgufTensorInfo& t) {
  if (t.ne.size() != 2) return 2;
  return t.name.rfind("token_embd", 0) == 0 ? 0 : 1;
}

constexpr const char* kGgufDefault = "token_embd.weight";

TableLoad gguf_impl(const uint8_t* base, size_t n, const std::optional<std::string>& want_name,
                    const std::string& label) {
  GgufParse g = parse_gguf_header(base, n, label, kGgufStringsInFile);  // the vocabulary is not the table's
  if (!g.ok) return fail(g.error);
  const GgufHeader& h = g.header;
  std::vector<const GgufTensorInfo*> all, two_d;
  for (const GgufTensorInfo& t : h.tensors) all.push_back(&t);
  std::stable_sort(all.begin(), all.end(),
                   [](const GgufTensorInfo* a, const GgufTensorInfo* b) { return gguf_rank(*a) < gguf_rank(*b); });
  for (const GgufTensorInfo* t : all)
    if (t->ne.size() == 2) two_d.push_back(t);
  auto named = [&](const std::string& name) -> const GgufTensorInfo* {
    for (const GgufTensorInfo& t : h.tensors)
      if (t.name == name) return &t;
    return nullptr;
  };

  const GgufTensorInfo* pick = nullptr;
  if (want_name) {
    pick = named(*want_name);
    if (!pick) {
      if (h.tensors.empty())
        return fail(label + " has no tensor '" + shown(*want_name) + "'; it holds no tensors at all.");
      return fail(label + " has no tensor '" + shown(*want_name) + "'; it has: " + gguf_list(all) + ".");
    }
  } else if ((pick = named(kGgufDefault))) {
    // llama.cpp's input embedding: the table, by default.
  } else if (two_d.size() == 1) {
    pick = two_d[0];
  } else if (two_d.empty()) {
    if (h.tensors.empty()) return fail(label + " holds no tensors.");
    return fail(label + " has no 2-D tensor to use as a table; it has: " + gguf_list(all) + ".");
  } else {
    TableLoad r;
    for (const GgufTensorInfo* t : two_d) r.tensor_names.push_back(t->name);
    r.error = label + " has no " + kGgufDefault + " and " + std::to_string(two_d.size()) +
              " 2-D tensors; pick one (FILE:NAME): " + gguf_list(two_d) + ".";
    return r;
  }
  const std::string who = label + ": tensor '" + shown(pick->name) + "'";
  if (pick->ne.size() != 2) {
    if (pick->ne.empty()) return fail(who + " is 0-D (a single number); pick a 2-D tensor.");
    return fail(who + " is " + std::to_string(pick->ne.size()) + "-D (" + shape_text(torch_shape(*pick)) +
                "); pick a 2-D tensor.");
  }
  Src type;
  if (!src_of(pick->type, &type)) {
    const char* name = ggml_type_name(pick->type);
    return fail(who + " is stored as " + (name ? std::string(name) : "ggml type " + std::to_string(pick->type)) +
                ", a type lookupviz does not read; it reads F32, F16, BF16, F64, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, "
                "Q2_K, Q3_K, Q4_K, Q5_K and Q6_K.");
  }
  const uint64_t rows = pick->ne[1], cols = pick->ne[0];
  if (rows == 0 || cols == 0)
    return fail(who + " is empty (" + shape_text(torch_shape(*pick)) +
                "); a table needs at least one row and one column.");
  // float32 rows are read in place (TableFile::f32, the kernels' direct path): a float's
  // address must be a multiple of 4. Only a general.alignment of 1 or 2 can break that
  // (GGUF asks for multiples of 8; ggml and gguf-py write 32).
  if (type == Src::F32 && (h.data_offset + pick->offset) % 4 != 0)
    return fail(who + " is float32 starting at byte " + with_commas(h.data_offset + pick->offset) +
                " of the file, not a multiple of 4 (general.alignment " + with_commas(h.alignment) +
                "); lookupviz reads float32 tensors aligned to 4 bytes.");
  // parse_gguf_header put every tensor of a known layout inside the file; said again
  // here, where the pointer is made.
  if (h.data_offset > n || pick->offset > n - h.data_offset || pick->nbytes > n - h.data_offset - pick->offset)
    return fail(label + " is truncated: tensor '" + shown(pick->name) + "' ends past the end of the file.");
  TableLoad r = finish(label, base + h.data_offset + pick->offset, rows, cols, type, false);
  if (r.ok) {
    r.table.name = pick->name;
    r.table.named = true;
    r.table.gguf = true;
  }
  return r;
}

// ---------------------------------------------------------------- 5. files

std::string base_name(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  const std::string b = slash == std::string::npos ? path : path.substr(slash + 1);
  return b.empty() ? path : b;
}

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && std::string_view(s).substr(s.size() - suffix.size()) == suffix;
}

// Owns an fd and a read-only private mapping: for the load, then for as long as a
// table reads from it (TableFile::keep).
struct Mapping {
  int fd = -1;
  void* addr = MAP_FAILED;
  size_t size = 0;
  ~Mapping() {
    if (addr != MAP_FAILED) munmap(addr, size);
    if (fd >= 0) close(fd);
  }
};

}  // namespace

TableLoad parse_npy(const uint8_t* bytes, size_t n, const std::string& label) {
  return adopt_copy(one_line(npy_impl(bytes, n, label)));
}

TableLoad parse_safetensors(const uint8_t* bytes, size_t n, const std::string& name, const std::string& label) {
  return adopt_copy(
      one_line(safetensors_impl(bytes, n, name.empty() ? std::nullopt : std::optional<std::string>(name), label)));
}

TableLoad parse_gguf(const uint8_t* bytes, size_t n, const std::string& name, const std::string& label) {
  return adopt_copy(
      one_line(gguf_impl(bytes, n, name.empty() ? std::nullopt : std::optional<std::string>(name), label)));
}

static TableLoad load_table_impl(const std::string& spec);

TableLoad load_table(const std::string& spec) {
  try {
    return one_line(load_table_impl(spec));
  } catch (const std::bad_alloc&) {  // a header's names, say: the machine failed, not the file
    return fail("There is not enough memory to load " + spec + ".", TableLoadFailure::NoMemory);
  }
}

static TableLoad load_file(const std::string& path, const std::optional<std::string>& name);
static TableLoad load_folder(const std::string& folder, const std::optional<std::string>& name);

static TableLoad load_table_impl(const std::string& spec) {
  if (spec.empty()) return fail("No table file given.");
  std::string path = spec;
  std::optional<std::string> name;  // FILE:NAME's NAME ("" for FILE:)
  struct stat st;
  if (stat(spec.c_str(), &st) != 0) {
    // FILE:NAME, where NAME may itself hold ':' (FILE:a:b): split at the last ':' that
    // leaves an existing file.
    const int first_errno = errno;
    bool found = false;
    for (size_t colon = spec.rfind(':'); colon != std::string::npos && colon > 0; colon = spec.rfind(':', colon - 1)) {
      if (stat(spec.substr(0, colon).c_str(), &st) == 0) {
        path = spec.substr(0, colon);
        name = spec.substr(colon + 1);
        found = true;
        break;
      }
    }
    if (!found) return fail("Cannot open " + spec + ": " + std::strerror(first_errno) + ".");
  }
  if (S_ISDIR(st.st_mode)) return load_folder(path, name);
  // A folder's config.json or index, picked in a file dialog: the folder it describes.
  const std::string b = base_name(path);
  if (b == "config.json" || b == "model.safetensors.index.json") {
    const size_t slash = path.find_last_of('/');
    return load_folder(slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash), name);
  }
  return load_file(path, name);
}

// One file (FILE or FILE:NAME): mapped, its format from its magic or extension.
static TableLoad load_file(const std::string& path, const std::optional<std::string>& name) {
  const std::string label = base_name(path);
  struct stat st;
  if (stat(path.c_str(), &st) != 0) return fail("Cannot open " + path + ": " + std::strerror(errno) + ".");
  if (S_ISDIR(st.st_mode)) return fail(path + " is a folder, not a table file.");
  if (!S_ISREG(st.st_mode)) return fail(path + " is not a regular file.");
  auto mapping = std::make_shared<Mapping>();
  Mapping& m = *mapping;
  m.fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (m.fd < 0) return fail("Cannot open " + path + ": " + std::strerror(errno) + ".");
  if (fstat(m.fd, &st) != 0 || !S_ISREG(st.st_mode)) return fail("Cannot read " + path + ".");
  if (st.st_size == 0) return fail(label + " is empty.");
  m.size = static_cast<size_t>(st.st_size);
  m.addr = mmap(nullptr, m.size, PROT_READ, MAP_PRIVATE, m.fd, 0);
  if (m.addr == MAP_FAILED) return fail("Cannot map " + path + " into memory: " + std::strerror(errno) + ".");
  // The descriptor stays open: check_on_disk fstats it to see the mapped file shrink
  // (the path may meanwhile name another file).
  const auto* bytes = static_cast<const uint8_t*>(m.addr);

  // Which format: the magic decides, then the extension, then a plausible safetensors start.
  std::string head;
  if (!copy_out(head, bytes, std::min<size_t>(m.size, 9))) return fail(label + kChanged);
  const bool npy_magic = head.size() >= 6 && std::memcmp(head.data(), "\x93NUMPY", 6) == 0;
  const bool gguf_magic = head.size() >= 4 && std::memcmp(head.data(), "GGUF", 4) == 0;
  const bool st_start = !gguf_magic && head.size() == 9 && head[8] == '{';  // a GGUF with 123 tensors has '{' there
  TableLoad r;
  if (npy_magic || (ends_with(path, ".npy") && !st_start && !gguf_magic)) {
    if (name) return fail(label + " is a .npy file, which holds a single array; drop ':" + *name + "' to load it.");
    r = npy_impl(bytes, m.size, label);
  } else if (gguf_magic) {
    r = gguf_impl(bytes, m.size, name, label);
  } else if (st_start || ends_with(path, ".safetensors")) {
    r = safetensors_impl(bytes, m.size, name, label);
  } else if (ends_with(path, ".gguf")) {
    r = gguf_impl(bytes, m.size, name, label);  // says what is wrong with its start
  } else {
    return fail(label + " is neither a .npy, a .safetensors nor a .gguf file.");
  }
  if (r.ok) {
    r.table.path = path;
    r.table.mapped = true;
    r.table.data_offset = static_cast<uint64_t>(r.table.base - bytes);
    r.table.disk = {static_cast<uint64_t>(st.st_dev), static_cast<uint64_t>(st.st_ino),
                    static_cast<int64_t>(st.st_size),
                    static_cast<int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec};
    r.table.keep = std::move(mapping);  // the table reads from the mapping: kept while it lives
  }
  return r;  // on failure the last reference unmaps
}

// A Hugging Face folder (core/io/hf_folder.hpp): the shard that holds the input embedding,
// mapped alone; the output head's tensor (slide 8) mapped too when config.json does not
// tie it. A head that cannot be read leaves the table tied, and head_note says why.
static TableLoad load_folder(const std::string& folder, const std::optional<std::string>& name) {
  const HfFolderPlan plan = plan_hf_folder(folder, name);
  if (!plan.ok) return fail(plan.error);
  const std::string label = base_name(plan.folder);
  const std::string shard = plan.folder + "/" + plan.embed_shard;
  std::string embed = plan.embed_name;
  if (!plan.sharded && embed.empty()) {
    // One model.safetensors: its 2-D tensors (the header alone), then the architecture's name among them.
    TableLoad listed = load_file(shard, std::nullopt);
    if (!listed.ok && listed.tensor_names.empty()) return listed;
    const std::vector<std::string> names =
        listed.ok ? std::vector<std::string>{listed.table.name} : listed.tensor_names;
    for (const std::string& n : hf_embedding_names(plan.config))
      if (std::find(names.begin(), names.end(), n) != names.end()) {
        embed = n;
        break;
      }
    if (embed.empty()) embed = hf_embedding_like(names);
    if (embed.empty()) {
      HfFolderPlan shown_plan = plan;
      shown_plan.names = names;
      return fail(hf_no_embedding(shown_plan, "model.safetensors"));
    }
  }
  TableLoad r = load_file(shard, embed);
  if (!r.ok) {
    if (plan.sharded && r.error.find(" has no tensor '") != std::string::npos)
      r.error = label + "/model.safetensors.index.json puts '" + shown(embed) + "' in " + plan.embed_shard +
                ", which does not hold it.";
    r.tensor_names.clear();
    return r;
  }
  TableFile& t = r.table;
  t.folder = plan.folder;
  t.folder_named = name.has_value();
  t.architecture = plan.config.name();
  t.shard = plan.embed_shard;
  t.indexed = plan.sharded;
  t.tie_word_embeddings = plan.config.tie_given && plan.config.tie;
  // The output head: tied when config.json says so; else lm_head.weight (embed_out.weight
  // for GPT-NeoX) when the folder has one of the table's shape.
  if (t.tie_word_embeddings) return r;
  std::string head_name = plan.head_name, head_shard = plan.head_shard;
  if (!plan.sharded) {
    for (const std::string& n : hf_head_names(plan.config)) {
      TableLoad h = load_file(shard, n);
      if (h.ok && n != embed) {
        t.head = std::make_shared<const TableFile>(std::move(h.table));
        break;
      }
    }
  } else if (!head_name.empty()) {
    TableLoad h = load_file(plan.folder + "/" + head_shard, head_name);
    if (h.ok) t.head = std::make_shared<const TableFile>(std::move(h.table));
    else t.head_note = "the output head " + shown(head_name) + " was not read (" + h.error + "); slide 8 ties it";
  }
  if (t.head) {  // the head's load line (slide 8's code) goes through the folder as the table's
    auto h = std::make_shared<TableFile>(*t.head);
    h->folder = t.folder;
    h->indexed = t.indexed;
    h->shard = h->path.substr(h->path.find_last_of('/') + 1);
    h->architecture = t.architecture;
    t.head = std::move(h);
  }
  if (t.head && (t.head->rows != t.rows || t.head->cols != t.cols)) {
    t.head_note = "the output head " + shown(t.head->name) + " is " + std::to_string(t.head->rows) + " × " +
                  std::to_string(t.head->cols) + ", not the table's shape; slide 8 ties it";
    t.head.reset();
  }
  const std::vector<std::string> heads = hf_head_names(plan.config);
  const bool is_head = std::find(heads.begin(), heads.end(), embed) != heads.end();  // FOLDER:lm_head.weight
  if (!t.head && t.head_note.empty() && plan.config.tie_given && !is_head)
    t.head_note = "config.json does not tie the head but the folder has no lm_head.weight; slide 8 ties it";
  return r;
}

// ---------------------------------------------------------------- 6. reading

int stored_block_values(StoredType t) {
  uint32_t v = 1, b = 4;
  ggml_block_size(static_cast<uint32_t>(ggml_of(t)), &v, &b);
  return static_cast<int>(v);
}

int stored_block_bytes(StoredType t) {
  uint32_t v = 1, b = 4;
  ggml_block_size(static_cast<uint32_t>(ggml_of(t)), &v, &b);
  return static_cast<int>(b);
}

bool TableFile::read_row(int64_t r, float* out) const { return run_read(RowRead{this, nullptr, r, 1, out}); }

bool TableFile::read_rows(const int64_t* ids, size_t n, float* out) const {
  return run_read(RowRead{this, ids, 0, n, out});
}

bool TableFile::read_range(int64_t first, int64_t n, float* out) const {
  return run_read(RowRead{this, nullptr, first, static_cast<size_t>(n), out});
}

float TableFile::at(int64_t r, int64_t c) const {
  if (stored_quantized(type)) {
    // One block: the one that holds the value, dequantized (a row would cost cols values).
    const size_t k = itemsize(), bv = static_cast<size_t>(stored_block_values(type));
    const size_t at = static_cast<size_t>(r) * static_cast<size_t>(row_bytes()) + static_cast<size_t>(c) / bv * k;
    if (mapped && data_offset + at + k > valid_end_->load(std::memory_order_relaxed))
      return std::numeric_limits<float>::quiet_NaN();
    uint8_t raw[256];  // the largest block lookupviz reads is Q6_K's 210 bytes
    float vals[256];
    if (mapped ? !guarded_memcpy(raw, base + at, k) : (std::memcpy(raw, base + at, k), false)) {
      changed_->store(true, std::memory_order_relaxed);
      return std::numeric_limits<float>::quiet_NaN();
    }
    dequantize_row(ggml_of(type), raw, vals, static_cast<int64_t>(bv));
    return vals[static_cast<size_t>(c) % bv];
  }
  // One value: read straight from where it lives (a row would cost cols values).
  const size_t k = itemsize();
  const size_t i = fortran ? static_cast<size_t>(r + c * rows) : static_cast<size_t>(r * cols + c);
  if (mapped && data_offset + (i + 1) * k > valid_end_->load(std::memory_order_relaxed))
    return std::numeric_limits<float>::quiet_NaN();  // past the end of a file that shrank
  uint8_t raw[8];
  if (mapped ? !guarded_memcpy(raw, base + i * k, k) : (std::memcpy(raw, base + i * k, k), false)) {
    changed_->store(true, std::memory_order_relaxed);
    return std::numeric_limits<float>::quiet_NaN();
  }
  switch (type) {
    case Src::F16: return load_one<Src::F16>(raw);
    case Src::BF16: return load_one<Src::BF16>(raw);
    case Src::F64: return load_one<Src::F64>(raw);
    default: return load_one<Src::F32>(raw);
  }
}

std::string TableFile::check_on_disk() const {
  if (!mapped || !keep) return "";
  const auto* m = static_cast<const Mapping*>(keep.get());
  const std::string label = base_name(path);
  // The file mapped: did it shrink? (Its path may name another file by now.)
  struct stat now;
  if (m->fd >= 0 && fstat(m->fd, &now) == 0) {
    const uint64_t size = static_cast<uint64_t>(now.st_size);
    if (size < valid_end_->load()) valid_end_->store(size);
    if (size < data_offset + stored_bytes()) changed_->store(true);
  }
  std::string what;
  struct stat at;
  if (stat(path.c_str(), &at) != 0) {
    what = label + " was removed or renamed since it was opened; the table shown is the file as it was";
  } else if (static_cast<uint64_t>(at.st_dev) != disk.dev || static_cast<uint64_t>(at.st_ino) != disk.ino) {
    what = label + " was replaced on disk since it was opened (another file now has its name)";
  } else if (static_cast<int64_t>(at.st_size) != disk.size) {
    what = label + " changed on disk since it was opened: it was " + with_commas(static_cast<uint64_t>(disk.size)) +
           " bytes and is " + with_commas(static_cast<uint64_t>(at.st_size)) + " bytes now";
    if (static_cast<uint64_t>(at.st_size) < data_offset + stored_bytes())
      what += " (the values past its end read as NaN)";
  } else if (static_cast<int64_t>(at.st_mtim.tv_sec) * 1'000'000'000 + at.st_mtim.tv_nsec != disk.mtime_ns) {
    what = label + " was modified on disk since it was opened; the values shown may no longer be its table";
  }
  if (!what.empty()) changed_->store(true);
  return what;
}

Matrix TableFile::to_matrix() const {
  Matrix m(rows, cols);
  read_range(0, rows, m.data());
  return m;
}

std::string table_spec(const TableFile& t) {
  if (!t.folder.empty()) return t.folder_named ? t.folder + ":" + t.name : t.folder;
  return t.named ? t.path + ":" + t.name : t.path;
}

std::shared_ptr<TableFile> TableFile::from_matrix(Matrix m, std::string path, std::string name) {
  auto t = std::make_shared<TableFile>();
  auto owned = std::make_shared<Matrix>(std::move(m));
  t->rows = owned->rows();
  t->cols = owned->cols();
  t->dtype = "float32";
  t->path = std::move(path);
  t->name = std::move(name);
  t->base = reinterpret_cast<const uint8_t*>(owned->data());
  t->keep = std::move(owned);
  return t;
}

}  // namespace lv
