// gguf_file.cpp — reading and checking a GGUF header (see the header file).
// Sections: 1. the header's bytes, copied out as far as they go  2. the reader
// 3. metadata  4. tensor infos and the data section  5. looking values up.
#include "core/io/gguf_file.hpp"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "core/io/ggml_quants.hpp"
#include "core/io/gguf_strings.hpp"
#include "core/io/sigbus_guard.hpp"
#include "core/text/text_format.hpp"

namespace lv {

const char* gguf_value_type_name(uint32_t t) {
  static const char* const kNames[] = {"UINT8", "INT8",   "UINT16", "INT16",  "UINT32", "INT32",  "FLOAT32",
                                       "BOOL",  "STRING", "ARRAY",  "UINT64", "INT64",  "FLOAT64"};
  return t < 13 ? kNames[t] : nullptr;
}

namespace {

// Bytes of one scalar value; 0 for STRING, ARRAY and unknown types.
uint64_t scalar_size(uint32_t t) {
  switch (static_cast<GgufValueType>(t)) {
    case GgufValueType::U8:
    case GgufValueType::I8:
    case GgufValueType::BOOL: return 1;
    case GgufValueType::U16:
    case GgufValueType::I16: return 2;
    case GgufValueType::U32:
    case GgufValueType::I32:
    case GgufValueType::F32: return 4;
    case GgufValueType::U64:
    case GgufValueType::I64:
    case GgufValueType::F64: return 8;
    default: return 0;
  }
}

// ---------------------------------------------------------------- 1. + 2. the reader

// Reads the header from the start of the n bytes at base. The bytes are copied into
// h.bytes as the read goes, at most a chunk past what a field needs, into room taken once
// for the largest header the file could hold: pages never written are never resident, and
// nothing is moved as it grows (doubling and a final shrink_to_fit held up to 3 times a
// vocabulary's metadata at the peak, issue 39).
struct Reader {
  static constexpr uint64_t kChunk = 1u << 20;
  Reader(const uint8_t* b, uint64_t size, const std::string& l, std::string& into)
      : base(b), n(size), label(l), bytes(into) {}
  const uint8_t* base;
  uint64_t n;
  const std::string& label;
  std::string& bytes;
  uint64_t pos = 0;    // in the file
  uint64_t shift = 0;  // the bytes of arrays left in the file before pos: bytes[pos - shift] is the file's pos
  uint64_t strings_in_file_from = UINT64_MAX;
  std::string error;
  bool changed = false;
  std::string what = "its header";  // what is being read, for the truncation sentence

  // Makes [pos, pos + k) readable in bytes; false with the sentence when it is not there.
  bool need(uint64_t k) {
    if (k > n || pos > n - k) {
      if (error.empty()) error = label + " is truncated: it ends inside " + what + " (at byte " + with_commas(n) + ").";
      return false;
    }
    if (pos - shift + k > kMaxGgufHeaderBytes) {
      if (error.empty())
        error = label + "'s GGUF header is longer than " + with_commas(kMaxGgufHeaderBytes) +
                " bytes; this is not a file lookupviz can read.";
      return false;
    }
    const uint64_t have = bytes.size() + shift;  // the file's bytes copied so far end there
    if (pos + k <= have) return true;
    if (bytes.capacity() == 0) bytes.reserve(static_cast<size_t>(std::min<uint64_t>(n, kMaxGgufHeaderBytes)));
    const uint64_t want =
        std::min<uint64_t>({n, kMaxGgufHeaderBytes + shift, std::max<uint64_t>(pos + k, have + kChunk)});
    const size_t at = bytes.size();
    bytes.resize(at + static_cast<size_t>(want - have));
    if (!guarded_memcpy(bytes.data() + at, base + have, static_cast<size_t>(want - have))) {
      changed = true;
      if (error.empty())
        error = label + " changed while it was being read (it was truncated or replaced); the current table stays.";
      return false;
    }
    return true;
  }
  template <class T>
  bool get(T& v) {
    if (!need(sizeof(T))) return false;
    std::memcpy(&v, bytes.data() + (pos - shift), sizeof(T));
    pos += sizeof(T);
    return true;
  }
  bool skip(uint64_t k) {
    if (!need(k)) return false;
    pos += k;
    return true;
  }
  // A string: its u64 length, then that many bytes. Checked against the bytes left
  // before anything is allocated.
  bool string(std::string* out) {
    uint64_t len;
    if (!get(len)) return false;
    if (len > n - pos) {
      if (error.empty())
        error = label + " is damaged: " + what + " is a string of " + with_commas(len) + " bytes but only " +
                with_commas(n - pos) + " bytes of the file follow.";
      return false;
    }
    if (!need(len)) return false;
    if (out) out->assign(bytes.data() + (pos - shift), static_cast<size_t>(len));
    pos += len;
    return true;
  }
  bool fail(std::string s) {
    if (error.empty()) error = std::move(s);
    return false;
  }
};

// ---------------------------------------------------------------- 3. metadata

// An array of `count` items of at least `least` bytes each that the bytes left cannot hold.
bool array_too_long(Reader& rd, uint32_t et, uint64_t count, uint64_t least) {
  const uint64_t left = rd.n - rd.pos;
  return rd.fail(rd.label + " is damaged: " + rd.what + " claims an array of " + with_commas(count) + " " +
                 gguf_value_type_name(et) + " values (at least " +
                 (count > (uint64_t{1} << 60) / least ? std::string("2^60") : with_commas(count * least)) +
                 " bytes) but only " + with_commas(left) + " bytes of the file follow.");
}

// An array of `count` strings whose items start at rd.pos, walked in the file itself (every
// length checked, nothing copied: gguf_strings.hpp); later fields are then found `shift` bytes
// earlier in rd.bytes.
bool strings_in_file(Reader& rd, uint64_t count) {
  if (count > (rd.n - rd.pos) / 8) return array_too_long(rd, static_cast<uint32_t>(GgufValueType::STRING), count, 8);
  const uint64_t items = rd.pos;
  GgufStringWalk walk(rd.base, rd.n, items);
  bool truncated = false, changed = false;
  uint64_t len = 0;
  for (uint64_t i = 0; i < count; ++i) {
    if (walk.next(nullptr, &truncated, &changed, &len)) continue;
    if (changed) rd.changed = true;
    return rd.fail(changed ? rd.label + " changed while it was being read (it was truncated or replaced); the "
                                        "current table stays."
                           : rd.label + " is damaged: " + rd.what + " holds a string of " + with_commas(len) +
                                 " bytes that runs past the end of the file.");
  }
  rd.bytes.resize(static_cast<size_t>(std::min<uint64_t>(rd.bytes.size(), items - rd.shift)));
  rd.shift += walk.pos() - items;
  rd.pos = walk.pos();
  return true;
}

// One value of type t (depth: how many arrays it is inside). Arrays of scalars are
// skipped in one step once their size is checked; strings and arrays item by item (each
// takes at least 8 bytes, so a lying count runs out of file, not of memory).
bool skip_value(Reader& rd, uint32_t t, int depth) {
  if (const uint64_t k = scalar_size(t)) {
    if (t == static_cast<uint32_t>(GgufValueType::BOOL)) {
      uint8_t b;
      if (!rd.get(b)) return false;
      if (b > 1)
        return rd.fail(rd.label + " is damaged: " + rd.what + " is a bool of value " + std::to_string(b) +
                       ", neither 0 nor 1.");
      return true;
    }
    return rd.skip(k);
  }
  if (t == static_cast<uint32_t>(GgufValueType::STRING)) return rd.string(nullptr);
  if (t != static_cast<uint32_t>(GgufValueType::ARRAY))
    return rd.fail(rd.label + " is damaged: " + rd.what + " has value type " + std::to_string(t) +
                   ", which GGUF does not define.");
  if (depth >= kMaxGgufNesting)
    return rd.fail(rd.label + ": " + rd.what + " nests arrays more than " + std::to_string(kMaxGgufNesting) +
                   " deep; lookupviz reads at most that.");
  uint32_t et;
  uint64_t count;
  if (!rd.get(et) || !rd.get(count)) return false;
  return [&] {
    if (!gguf_value_type_name(et))
      return rd.fail(rd.label + " is damaged: " + rd.what + " is an array of value type " + std::to_string(et) +
                     ", which GGUF does not define.");
    const uint64_t k = scalar_size(et);
    const uint64_t least = k ? k : et == static_cast<uint32_t>(GgufValueType::STRING) ? 8 : 12;
    if (count > (rd.n - rd.pos) / least) return array_too_long(rd, et, count, least);
    if (k && et != static_cast<uint32_t>(GgufValueType::BOOL)) return rd.skip(count * k);
    for (uint64_t i = 0; i < count; ++i)
      if (!skip_value(rd, et, depth + 1)) return false;
    return true;
  }();
}

bool read_kv(Reader& rd, GgufHeader& h, uint64_t i, uint64_t n_kv) {
  GgufKv kv;
  rd.what = "the key of metadata entry " + with_commas(i + 1) + " of " + with_commas(n_kv);
  if (!rd.string(&kv.key)) return false;
  rd.what = "metadata '" + shown_input(kv.key) + "'";
  uint32_t t;
  if (!rd.get(t)) return false;
  if (!gguf_value_type_name(t))
    return rd.fail(rd.label + " is damaged: " + rd.what + " has value type " + std::to_string(t) +
                   ", which GGUF does not define.");
  kv.type = static_cast<GgufValueType>(t);
  if (kv.type == GgufValueType::ARRAY) {
    // The array's item type and count are kept for the accessors; the items are checked
    // by skip_value from the type on (a long array of strings: in the file, not copied).
    const uint64_t at = rd.pos, in_copy = at - rd.shift;
    uint32_t et = 0;
    if (rd.n - at >= 12) {
      if (!rd.need(12)) return false;
      std::memcpy(&et, rd.bytes.data() + in_copy, 4);
      std::memcpy(&kv.count, rd.bytes.data() + in_copy + 4, 8);
    }
    kv.in_file = et == static_cast<uint32_t>(GgufValueType::STRING) && kv.count >= rd.strings_in_file_from;
    if (kv.in_file && (rd.pos += 12, !strings_in_file(rd, kv.count))) return false;
    if (!kv.in_file && !skip_value(rd, t, 0)) return false;
    std::memcpy(&et, rd.bytes.data() + in_copy, 4);
    std::memcpy(&kv.count, rd.bytes.data() + in_copy + 4, 8);
    kv.elem = static_cast<GgufValueType>(et);
    kv.value_at = kv.in_file ? at + 12 : in_copy + 12;
  } else {
    kv.value_at = rd.pos - rd.shift;  // in the copy
    if (!skip_value(rd, t, 0)) return false;
  }
  h.kv.push_back(std::move(kv));
  return true;
}

// ---------------------------------------------------------------- 4. tensor infos

std::string ne_text(const std::vector<uint64_t>& ne) {  // PyTorch's order: the last ne first
  std::string s;
  for (size_t i = ne.size(); i-- > 0;) s += with_commas(ne[i]) + (i ? " × " : "");
  return s;
}

bool read_tensor_info(Reader& rd, GgufHeader& h, uint64_t i, uint64_t n_tensors) {
  GgufTensorInfo ti;
  rd.what = "the name of tensor " + with_commas(i + 1) + " of " + with_commas(n_tensors);
  if (!rd.string(&ti.name)) return false;
  rd.what = "the info of tensor '" + shown_input(ti.name) + "'";
  uint32_t n_dims;
  if (!rd.get(n_dims)) return false;
  if (n_dims > static_cast<uint32_t>(kMaxGgufDims))
    return rd.fail(rd.label + " is damaged: tensor '" + shown_input(ti.name) + "' has " + with_commas(n_dims) +
                   " dimensions; GGUF tensors have at most " + std::to_string(kMaxGgufDims) + ".");
  uint64_t values = 1;
  bool overflow = false;
  for (uint32_t d = 0; d < n_dims; ++d) {
    uint64_t e;
    if (!rd.get(e)) return false;
    ti.ne.push_back(e);
    overflow = overflow || __builtin_mul_overflow(values, e, &values) || values > (uint64_t{1} << 62);
  }
  if (!rd.get(ti.type) || !rd.get(ti.offset)) return false;
  if (overflow)
    return rd.fail(rd.label + " is damaged: tensor '" + shown_input(ti.name) + "' claims a shape (" + ne_text(ti.ne) +
                   ") larger than any file can be.");
  uint32_t bv, bb;
  if (ggml_block_size(ti.type, &bv, &bb)) {
    if (!ti.ne.empty() && ti.ne[0] % bv != 0)
      return rd.fail(rd.label + " is damaged: tensor '" + shown_input(ti.name) + "' is " + ggml_type_name(ti.type) +
                     " with rows of " + with_commas(ti.ne[0]) + " values, not a multiple of its block of " +
                     std::to_string(bv) + ".");
    if (__builtin_mul_overflow(values / bv, uint64_t{bb}, &ti.nbytes) || ti.nbytes > (uint64_t{1} << 62))
      return rd.fail(rd.label + " is damaged: tensor '" + shown_input(ti.name) + "' claims a shape (" + ne_text(ti.ne) +
                     ") larger than any file can be.");
  }
  h.tensors.push_back(std::move(ti));
  return true;
}

}  // namespace

GgufParse parse_gguf_header(const uint8_t* base, size_t n, const std::string& label, uint64_t strings_in_file_from) {
  GgufParse out;
  GgufHeader& h = out.header;
  Reader rd(base, n, label, h.bytes);
  rd.strings_in_file_from = strings_in_file_from;
  auto done = [&](bool ok) {
    out.ok = ok;
    if (!ok) {
      out.error = rd.error.empty() ? label + " is not a GGUF file lookupviz can read." : rd.error;
      out.changed = rd.changed;
      h = GgufHeader{};
    }
    return out;
  };
  if (n == 0) return rd.fail(label + " is empty."), done(false);
  rd.what = "the GGUF magic";
  if (!rd.need(std::min<uint64_t>(n, 4))) return done(false);
  if (n < 4 && std::memcmp(h.bytes.data(), "GGUF", n) == 0)
    return rd.fail(label + " is truncated: it ends inside the GGUF magic."), done(false);
  if (n < 4 || std::memcmp(h.bytes.data(), "GGUF", 4) != 0)
    return rd.fail(label + " is not a GGUF file: it does not start with the GGUF magic."), done(false);
  rd.pos = 4;
  rd.what = "its GGUF header";
  uint32_t version;
  uint64_t n_tensors, n_kv;
  if (!rd.get(version)) return done(false);
  if (version == 1)
    return rd.fail(label + " is a GGUF file of version 1 (from before llama.cpp's August 2023 format); lookupviz "
                           "reads versions 2 and 3: convert it again with a newer llama.cpp."),
           done(false);
  if (version == 0x02000000u || version == 0x03000000u)
    return rd.fail(label + " is a big-endian GGUF file; lookupviz reads little-endian ones (as llama.cpp writes "
                           "by default)."),
           done(false);
  if (version != 2 && version != 3)
    return rd.fail(label + " is a GGUF file of version " + with_commas(version) +
                   "; lookupviz reads versions 2 and 3."),
           done(false);
  h.version = version;
  if (!rd.get(n_tensors) || !rd.get(n_kv)) return done(false);
  // Each entry takes some bytes (a metadata entry at least 13, a tensor info at least
  // 24): a count the file cannot hold is a lie, said before any entry is read.
  const uint64_t left = n - rd.pos;
  if (n_kv > left / 13)
    return rd.fail(label + " is damaged: its header claims " + with_commas(n_kv) + " metadata entries, more than the " +
                   with_commas(left) + " bytes that follow can hold."),
           done(false);
  if (n_tensors > left / 24)
    return rd.fail(label + " is damaged: its header claims " + with_commas(n_tensors) + " tensors, more than the " +
                   with_commas(left) + " bytes that follow can hold."),
           done(false);
  if (n_kv > kMaxGgufEntries || n_tensors > kMaxGgufEntries)
    return rd.fail(label + " holds " + with_commas(n_kv) + " metadata entries and " + with_commas(n_tensors) +
                   " tensors; lookupviz reads at most " + with_commas(kMaxGgufEntries) + " of each."),
           done(false);
  for (uint64_t i = 0; i < n_kv; ++i)
    if (!read_kv(rd, h, i, n_kv)) return done(false);
  // Keys are unique (ggml refuses a file that repeats one).
  {
    std::vector<const GgufKv*> sorted;
    sorted.reserve(h.kv.size());
    for (const GgufKv& kv : h.kv) sorted.push_back(&kv);
    std::sort(sorted.begin(), sorted.end(), [](const GgufKv* a, const GgufKv* b) { return a->key < b->key; });
    for (size_t i = 1; i < sorted.size(); ++i)
      if (sorted[i]->key == sorted[i - 1]->key)
        return rd.fail(label + " is damaged: metadata '" + shown_input(sorted[i]->key) + "' appears twice."),
               done(false);
  }
  if (const GgufKv* a = h.find("general.alignment")) {
    const std::optional<uint64_t> v = a->type == GgufValueType::U32 ? h.get_uint("general.alignment") : std::nullopt;
    if (!v || *v == 0 || (*v & (*v - 1)) != 0)
      return rd.fail(label + " is damaged: general.alignment must be a UINT32 power of two" +
                     (v ? " (it is " + with_commas(*v) + ")."
                        : std::string(" (it is a ") + gguf_value_type_name(static_cast<uint32_t>(a->type)) + ").")),
             done(false);
    h.alignment = *v;
  }
  for (uint64_t i = 0; i < n_tensors; ++i)
    if (!read_tensor_info(rd, h, i, n_tensors)) return done(false);
  {
    std::vector<const GgufTensorInfo*> sorted;
    sorted.reserve(h.tensors.size());
    for (const GgufTensorInfo& t : h.tensors) sorted.push_back(&t);
    std::sort(sorted.begin(), sorted.end(),
              [](const GgufTensorInfo* a, const GgufTensorInfo* b) { return a->name < b->name; });
    for (size_t i = 1; i < sorted.size(); ++i)
      if (sorted[i]->name == sorted[i - 1]->name)
        return rd.fail(label + " is damaged: tensor '" + shown_input(sorted[i]->name) + "' appears twice."),
               done(false);
  }
  // The data section starts at the next multiple of the alignment (the padding may be
  // missing when there are no tensors).
  const uint64_t end = rd.pos;
  h.data_offset = (end + h.alignment - 1) / h.alignment * h.alignment;
  const uint64_t data_size = h.data_offset <= n ? n - h.data_offset : 0;
  for (const GgufTensorInfo& t : h.tensors) {
    if (t.offset % h.alignment != 0)
      return rd.fail(label + " is damaged: tensor '" + shown_input(t.name) + "' starts at byte " +
                     with_commas(t.offset) + " of the data, not a multiple of the alignment " +
                     with_commas(h.alignment) + "."),
             done(false);
    if (t.nbytes && (t.offset > data_size || t.nbytes > data_size - t.offset))
      return rd.fail(label + " is truncated: tensor '" + shown_input(t.name) + "' (" + ne_text(t.ne) + " " +
                     ggml_type_name(t.type) + ", " + with_commas(t.nbytes) + " bytes) ends at byte " +
                     (t.offset > (uint64_t{1} << 62) ? std::string("past 2^62") : with_commas(t.offset + t.nbytes)) +
                     " of the data but the file has " + with_commas(data_size) + " bytes of data."),
             done(false);
  }
  // (No shrink_to_fit: it would copy the header again; the room past it was never touched.)
  h.bytes.resize(static_cast<size_t>(std::min<uint64_t>(h.bytes.size(), end - rd.shift)));
  return done(true);
}

// ---------------------------------------------------------------- 5. looking values up

const GgufKv* GgufHeader::find(std::string_view key) const {
  for (const GgufKv& kv : this->kv)
    if (kv.key == key) return &kv;
  return nullptr;
}

namespace {

// One scalar of type T at p, in the three forms the getters read (a float has no integer form).
template <typename T>
bool scalar_as(const char* p, uint64_t* u, int64_t* s, double* f) {
  T v;
  std::memcpy(&v, p, sizeof v);
  if constexpr (std::is_floating_point_v<T>) {
    *u = 0;
    *s = 0;
  } else {
    *u = static_cast<uint64_t>(v);
    *s = static_cast<int64_t>(v);
  }
  *f = static_cast<double>(v);
  return true;
}

// The scalar of type t at p (8 bytes may not be there: only scalar_size(t) are read).
bool scalar_at(const char* p, GgufValueType t, uint64_t* u, int64_t* s, double* f) {
  switch (t) {
    case GgufValueType::U8:
    case GgufValueType::BOOL: return scalar_as<uint8_t>(p, u, s, f);
    case GgufValueType::I8: return scalar_as<int8_t>(p, u, s, f);
    case GgufValueType::U16: return scalar_as<uint16_t>(p, u, s, f);
    case GgufValueType::I16: return scalar_as<int16_t>(p, u, s, f);
    case GgufValueType::U32: return scalar_as<uint32_t>(p, u, s, f);
    case GgufValueType::I32: return scalar_as<int32_t>(p, u, s, f);
    case GgufValueType::F32: return scalar_as<float>(p, u, s, f);
    case GgufValueType::U64: return scalar_as<uint64_t>(p, u, s, f);
    case GgufValueType::I64: return scalar_as<int64_t>(p, u, s, f);
    case GgufValueType::F64: return scalar_as<double>(p, u, s, f);
    default: return false;
  }
}

// A scalar value in the three forms scalar_at gives, with its type.
struct Scalar {
  GgufValueType type = GgufValueType::U8;
  uint64_t u = 0;
  int64_t s = 0;
  double f = 0;
};

// The value at key when it is a scalar (no such key, a string or an array: nullopt).
std::optional<Scalar> scalar_of(const GgufHeader& h, std::string_view key) {
  const GgufKv* kv = h.find(key);
  Scalar v;
  if (!kv || !scalar_at(h.bytes.data() + kv->value_at, kv->type, &v.u, &v.s, &v.f)) return std::nullopt;
  v.type = kv->type;
  return v;
}

bool is_unsigned(GgufValueType t) {
  return t == GgufValueType::U8 || t == GgufValueType::U16 || t == GgufValueType::U32 || t == GgufValueType::U64;
}
bool is_signed(GgufValueType t) {
  return t == GgufValueType::I8 || t == GgufValueType::I16 || t == GgufValueType::I32 || t == GgufValueType::I64;
}

}  // namespace

std::optional<uint64_t> GgufHeader::get_uint(std::string_view key) const {
  const std::optional<Scalar> v = scalar_of(*this, key);
  if (!v || !(is_unsigned(v->type) || is_signed(v->type))) return std::nullopt;
  if (is_signed(v->type) && v->s < 0) return std::nullopt;
  return v->u;
}

std::optional<int64_t> GgufHeader::get_int(std::string_view key) const {
  const std::optional<Scalar> v = scalar_of(*this, key);
  if (!v || !(is_unsigned(v->type) || is_signed(v->type))) return std::nullopt;
  if (v->type == GgufValueType::U64 && v->u > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
  return v->s;
}

std::optional<double> GgufHeader::get_float(std::string_view key) const {
  const std::optional<Scalar> v = scalar_of(*this, key);
  if (!v || (v->type != GgufValueType::F32 && v->type != GgufValueType::F64)) return std::nullopt;
  return v->f;
}

std::optional<bool> GgufHeader::get_bool(std::string_view key) const {
  const GgufKv* kv = find(key);
  if (!kv || kv->type != GgufValueType::BOOL) return std::nullopt;
  return bytes[kv->value_at] != 0;
}

std::optional<std::string> GgufHeader::get_string(std::string_view key) const {
  const GgufKv* kv = find(key);
  if (!kv || kv->type != GgufValueType::STRING) return std::nullopt;
  uint64_t len;
  std::memcpy(&len, bytes.data() + kv->value_at, 8);
  return bytes.substr(kv->value_at + 8, len);
}

std::optional<std::vector<std::string_view>> GgufHeader::get_strings(std::string_view key) const {
  const GgufKv* kv = find(key);
  if (!kv || kv->type != GgufValueType::ARRAY || kv->elem != GgufValueType::STRING || kv->in_file) return std::nullopt;
  std::vector<std::string_view> out;
  out.reserve(kv->count);  // checked against the file when it was read
  uint64_t at = kv->value_at;
  for (uint64_t i = 0; i < kv->count; ++i) {
    uint64_t len;
    std::memcpy(&len, bytes.data() + at, 8);
    out.emplace_back(bytes.data() + at + 8, len);
    at += 8 + len;
  }
  return out;
}

std::optional<std::vector<double>> GgufHeader::get_numbers(std::string_view key) const {
  const GgufKv* kv = find(key);
  if (!kv || kv->type != GgufValueType::ARRAY) return std::nullopt;
  const uint64_t k = scalar_size(static_cast<uint32_t>(kv->elem));
  if (k == 0) return std::nullopt;
  std::vector<double> out(kv->count);
  uint64_t u = 0;
  int64_t s = 0;
  double f = 0.0;
  for (uint64_t i = 0; i < kv->count; ++i) {
    scalar_at(bytes.data() + kv->value_at + i * k, kv->elem, &u, &s, &f);
    out[i] = is_signed(kv->elem) ? static_cast<double>(s) : f;
  }
  return out;
}

}  // namespace lv
