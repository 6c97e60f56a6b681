// gguf_file_test.cpp — the .gguf reader: every tensor type against gguf-oracle
// (tests/oracle/gguf-oracle, an independent writer and a transliteration of ggml's
// dequantize_row_* checked bit for bit against ggml's C code), bit for bit, in files of
// versions 2 and 3 with every metadata value type; and hostile files written here byte by
// byte, each of which must give one clear sentence and never crash or allocate what a
// lying count claims.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/io/ggml_quants.hpp"
#include "core/io/gguf_file.hpp"
#include "core/io/table_file.hpp"

namespace {

using lv::load_table;
using lv::TableLoad;

struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/lookupviz_gguf_XXXXXX";
    path = mkdtemp(tmpl);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string file(const std::string& name) const { return path + "/" + name; }
};

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

bool same_bits(const lv::Matrix& a, const lv::Matrix& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         std::memcmp(a.data(), b.data(), sizeof(float) * static_cast<size_t>(a.size())) == 0;
}

// ---------------------------------------------------------------- against gguf-oracle

const std::string kOracle = std::string(LOOKUPVIZ_SOURCE_DIR) + "/tests/oracle/gguf-oracle";

bool numpy_ready() { return std::system("/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1") == 0; }

int oracle(const std::string& args) { return std::system(("/usr/bin/python3 '" + kOracle + "' " + args).c_str()); }

struct TypeCase {
  const char* name;
  int block;
};
const TypeCase kTypes[] = {{"F32", 1},    {"F16", 1},    {"BF16", 1},  {"Q8_0", 32},  {"Q4_0", 32},
                           {"Q4_1", 32},  {"Q5_0", 32},  {"Q5_1", 32}, {"Q2_K", 256}, {"Q3_K", 256},
                           {"Q4_K", 256}, {"Q5_K", 256}, {"Q6_K", 256}};

TEST(GgufOracle, EveryTypeDequantizesBitForBitAsGgml) {
  if (!numpy_ready()) GTEST_SKIP() << "SKIPPED: /usr/bin/python3 cannot import numpy (Debian's python3-numpy)";
  TempDir dir;
  int checked = 0;
  int64_t rows_checked = 0;
  for (size_t i = 0; i < std::size(kTypes); ++i) {
    const TypeCase& t = kTypes[i];
    const int version = 2 + static_cast<int>(i % 2);
    const int alignment = std::vector<int>{32, 64, 8, 256}[i % 4];
    const int rows = 37, cols = 3 * std::max(t.block, 32);
    const std::string f = dir.file(std::string(t.name) + ".gguf");
    const std::string w = "write '" + f + "' --rows " + std::to_string(rows) + " --cols " + std::to_string(cols) +
                          " --type " + t.name + " --seed " + std::to_string(100 + i) + " --version " +
                          std::to_string(version) + " --alignment " + std::to_string(alignment) +
                          " --untied --extra-metadata" + (i % 3 == 0 ? " --no-nested" : "");
    ASSERT_EQ(oracle(w), 0) << w;
    for (const std::string name : {"token_embd.weight", "output.weight"}) {
      SCOPED_TRACE(std::string(t.name) + " " + name + " v" + std::to_string(version));
      const std::string npy = dir.file(std::string(t.name) + "_" + name + ".npy");
      ASSERT_EQ(oracle("dequant '" + f + "' --name " + name + " --npy '" + npy + "'"), 0);
      const TableLoad want = load_table(npy);
      ASSERT_TRUE(want.ok) << want.error;
      const TableLoad got = load_table(name == "token_embd.weight" ? f : f + ":" + name);
      ASSERT_TRUE(got.ok) << got.error;
      EXPECT_EQ(got.table.rows, rows);
      EXPECT_EQ(got.table.cols, cols);
      EXPECT_EQ(got.table.name, name);
      EXPECT_TRUE(got.table.gguf);
      const lv::Matrix w_m = want.table.to_matrix(), g_m = got.table.to_matrix();
      EXPECT_TRUE(same_bits(g_m, w_m)) << "the dequantized table differs from ggml's";
      // Rows asked for by ID, and single cells (read a block at a time).
      const std::vector<int64_t> ids = {rows - 1, 0, 17, 17, 5};
      std::vector<float> out(ids.size() * static_cast<size_t>(cols));
      ASSERT_TRUE(got.table.read_rows(ids.data(), ids.size(), out.data()));
      for (size_t k = 0; k < ids.size(); ++k)
        EXPECT_EQ(std::memcmp(out.data() + k * static_cast<size_t>(cols), w_m.row(ids[k]).data(),
                              sizeof(float) * static_cast<size_t>(cols)),
                  0)
            << "row " << ids[k];
      for (int64_t r : {0, 11, rows - 1})
        for (int64_t c : {int64_t{0}, int64_t{31}, int64_t{cols / 2 + 3}, int64_t{cols - 1}}) {
          const float a = got.table.at(r, c), b = w_m(r, c);
          EXPECT_EQ(std::memcmp(&a, &b, 4), 0) << "at(" << r << ", " << c << ")";
        }
      // The same parser on bytes in memory (what the fuzz target calls).
      const std::string bytes = read_file(f);
      const TableLoad mem = lv::parse_gguf(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(),
                                           name == "token_embd.weight" ? "" : name);
      ASSERT_TRUE(mem.ok) << mem.error;
      EXPECT_TRUE(same_bits(mem.table.to_matrix(), w_m));
      // A row's bytes: what looking one row up reads in the stored type.
      const uint64_t bpr = static_cast<uint64_t>(cols) / static_cast<uint64_t>(std::max(t.block, 1)) *
                           static_cast<uint64_t>(lv::stored_block_bytes(got.table.type));
      EXPECT_EQ(got.table.row_bytes(), bpr);
      rows_checked += rows;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 13);
  std::printf("gguf-oracle: %d types, %lld rows, every value bit for bit\n", checked,
              static_cast<long long>(rows_checked));
}

TEST(GgufOracle, MetadataOfEveryValueTypeReadsBack) {
  if (!numpy_ready()) GTEST_SKIP() << "SKIPPED: /usr/bin/python3 cannot import numpy (Debian's python3-numpy)";
  TempDir dir;
  const std::string f = dir.file("meta.gguf");
  ASSERT_EQ(oracle("write '" + f + "' --rows 3 --cols 32 --type Q8_0 --extra-metadata --alignment 64"), 0);
  const std::string bytes = read_file(f);
  const lv::GgufParse p = lv::parse_gguf_header(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), "meta");
  ASSERT_TRUE(p.ok) << p.error;
  const lv::GgufHeader& h = p.header;
  EXPECT_EQ(h.version, 3u);
  EXPECT_EQ(h.alignment, 64u);
  EXPECT_EQ(h.data_offset % 64, 0u);
  EXPECT_EQ(h.get_string("general.architecture"), "llama");
  EXPECT_EQ(h.get_uint("oracle.u8"), 250u);
  EXPECT_EQ(h.get_int("oracle.i8"), -120);
  EXPECT_EQ(h.get_uint("oracle.u16"), 65000u);
  EXPECT_EQ(h.get_int("oracle.i16"), -32000);
  EXPECT_EQ(h.get_uint("oracle.u32"), 4000000000u);
  EXPECT_EQ(h.get_int("oracle.i32"), -2000000000);
  EXPECT_EQ(h.get_float("oracle.f32"), 3.140625);
  EXPECT_EQ(h.get_bool("oracle.bool_true"), true);
  EXPECT_EQ(h.get_bool("oracle.bool_false"), false);
  EXPECT_EQ(h.get_string("oracle.string"), "h\u00e9llo, w\u00f6rld \u2713 \u65e5\u672c");
  EXPECT_EQ(h.get_string("oracle.empty_string"), "");
  EXPECT_EQ(h.get_uint("oracle.u64"), ~uint64_t{0} - 2);
  EXPECT_EQ(h.get_int("oracle.i64"), INT64_MIN + 5);
  EXPECT_EQ(h.get_float("oracle.f64"), 2.718281828459045);
  EXPECT_EQ(h.get_strings("oracle.arr.string"), (std::vector<std::string_view>{"a", "", "\u00fcn\u00efcode \u2603"}));
  EXPECT_EQ(h.get_numbers("oracle.arr.int32"), (std::vector<double>{-2147483648.0, 7, 2147483647.0}));
  EXPECT_EQ(h.get_numbers("oracle.arr.float32"), (std::vector<double>{0.5, -1.25, 1.0 / 32768}));
  EXPECT_EQ(h.get_numbers("oracle.arr.bool"), (std::vector<double>{1, 0, 1}));
  EXPECT_EQ(h.get_numbers("oracle.arr.empty"), std::vector<double>{});
  const lv::GgufKv* nested = h.find("oracle.arr.nested");
  ASSERT_NE(nested, nullptr);
  EXPECT_EQ(nested->elem, lv::GgufValueType::ARRAY);
  EXPECT_EQ(nested->count, 3u);
  EXPECT_NE(h.find("oracle.arr.nested2"), nullptr);
  EXPECT_FALSE(h.get_uint("oracle.string").has_value());  // another kind: no value, no crash
  ASSERT_EQ(h.tensors.size(), 1u);
  EXPECT_EQ(h.tensors[0].name, "token_embd.weight");
  EXPECT_EQ(h.tensors[0].ne, (std::vector<uint64_t>{32, 3}));
  EXPECT_EQ(h.tensors[0].nbytes, 3u * 34u);
}

// ---------------------------------------------------------------- hostile files, byte by byte

struct Bytes {
  std::string b;
  Bytes& u32(uint32_t v) {
    b.append(reinterpret_cast<const char*>(&v), 4);
    return *this;
  }
  Bytes& u64(uint64_t v) {
    b.append(reinterpret_cast<const char*>(&v), 8);
    return *this;
  }
  Bytes& str(const std::string& s) {
    u64(s.size());
    b += s;
    return *this;
  }
  Bytes& raw(const std::string& s) {
    b += s;
    return *this;
  }
};

struct Tensor {
  std::string name;
  std::vector<uint64_t> ne;
  uint32_t type;
  uint64_t offset;
};

// A GGUF file: header, kvs (already encoded, n_kv of them), tensor infos, padding to
// 32, then data_bytes zero bytes.
std::string gguf(const std::vector<Tensor>& ts, uint64_t data_bytes, const std::string& kvs = "", uint64_t n_kv = 0,
                 uint32_t version = 3) {
  Bytes h;
  h.raw("GGUF").u32(version).u64(ts.size()).u64(n_kv).raw(kvs);
  for (const Tensor& t : ts) {
    h.str(t.name).u32(static_cast<uint32_t>(t.ne.size()));
    for (uint64_t e : t.ne) h.u64(e);
    h.u32(t.type).u64(t.offset);
  }
  h.b.resize((h.b.size() + 31) / 32 * 32, '\0');
  h.b.append(data_bytes, '\0');
  return h.b;
}

TableLoad parse(const std::string& bytes, const std::string& name = "") {
  return lv::parse_gguf(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), name, "m.gguf");
}

bool one_line(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (static_cast<unsigned char>(c) < 0x20) return false;
  return true;
}

void expect_error(const TableLoad& r, const std::string& part) {
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find(part), std::string::npos) << "error: " << r.error << "\nwanted: " << part;
  EXPECT_TRUE(one_line(r.error)) << r.error;
}

const Tensor kEmbd{"token_embd.weight", {32, 4}, 8, 0};  // 4 rows of one Q8_0 block

TEST(GgufHostile, AValidSmallFileLoads) {
  const TableLoad r = parse(gguf({kEmbd}, 4 * 34));
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.table.rows, 4);
  EXPECT_EQ(r.table.cols, 32);
  EXPECT_EQ(r.table.dtype, "Q8_0");
}

TEST(GgufHostile, WrongStartsAndVersions) {
  expect_error(parse(""), "is empty");
  expect_error(parse("GG"), "ends inside the GGUF magic");
  expect_error(parse("GGML" + std::string(40, '\0')), "not a GGUF file");
  expect_error(parse(gguf({kEmbd}, 4 * 34, "", 0, 1)), "version 1");
  expect_error(parse(gguf({kEmbd}, 4 * 34, "", 0, 0x03000000u)), "big-endian");
  expect_error(parse(gguf({kEmbd}, 4 * 34, "", 0, 4)), "version 4");
}

TEST(GgufHostile, EveryTruncationIsASentence) {
  Bytes kv;
  kv.str("general.name").u32(8).str("x");
  kv.str("tokenizer.ggml.tokens").u32(9).u32(8).u64(2).str("a").str("bc");
  const std::string full = gguf({kEmbd}, 4 * 34, kv.b, 2);
  ASSERT_TRUE(parse(full).ok) << parse(full).error;
  for (size_t n = 0; n < full.size(); ++n) {
    const TableLoad r = parse(full.substr(0, n));
    EXPECT_FALSE(r.ok) << n;
    EXPECT_TRUE(one_line(r.error)) << n << ": " << r.error;
    EXPECT_TRUE(r.error.find("truncated") != std::string::npos || r.error.find("empty") != std::string::npos ||
                r.error.find("claims") != std::string::npos || r.error.find("only") != std::string::npos)
        << n << ": " << r.error;
  }
}

TEST(GgufHostile, LyingCountsAreRefusedBeforeAnyAllocation) {
  Bytes h;
  h.raw("GGUF").u32(3).u64(0).u64(uint64_t{1} << 60);
  expect_error(parse(h.b + std::string(64, '\0')), "claims 1,152,921,504,606,846,976 metadata entries");
  Bytes t;
  t.raw("GGUF").u32(3).u64(uint64_t{1} << 61).u64(0);
  expect_error(parse(t.b + std::string(64, '\0')), "tensors, more than");
  // Two million metadata entries of 13 bytes each: real ones, but more than any model holds.
  Bytes many;
  many.raw("GGUF").u32(3).u64(0).u64(2'000'000);
  for (int i = 0; i < 2'000'000; ++i) many.u64(0).u32(0).raw(std::string(1, '\0'));
  expect_error(parse(many.b), "holds 2,000,000 metadata entries and 0 tensors; lookupviz reads at most 1,000,000");
  // A key whose length is 2^62.
  Bytes k;
  k.u64(uint64_t{1} << 62);
  expect_error(parse(gguf({kEmbd}, 4 * 34, k.b, 1)), "a string of 4,611,686,018,427,387,904 bytes");
  // An array of 2^61 UINT32 values, of strings, of arrays.
  for (uint32_t et : {4u, 8u, 9u}) {
    Bytes a;
    a.str("big").u32(9).u32(et).u64(uint64_t{1} << 61);
    expect_error(parse(gguf({kEmbd}, 4 * 34, a.b, 1)), "claims an array of 2,305,843,009,213,693,952");
  }
  // Arrays of arrays 100 deep.
  Bytes d;
  d.str("deep").u32(9);
  for (int i = 0; i < 100; ++i) d.u32(9).u64(1);
  d.u32(4).u64(0);
  expect_error(parse(gguf({kEmbd}, 4 * 34, d.b, 1)), "nests arrays more than 8 deep");
}

TEST(GgufHostile, BadValuesAndRepeats) {
  Bytes bad_type;
  bad_type.str("k").u32(13).u32(0);
  expect_error(parse(gguf({kEmbd}, 4 * 34, bad_type.b, 1)), "value type 13");
  Bytes bad_bool;
  bad_bool.str("k").u32(7).raw("\x02");
  expect_error(parse(gguf({kEmbd}, 4 * 34, bad_bool.b, 1)), "neither 0 nor 1");
  Bytes twice;
  twice.str("k").u32(4).u32(1).str("k").u32(4).u32(2);
  expect_error(parse(gguf({kEmbd}, 4 * 34, twice.b, 2)), "metadata 'k' appears twice");
  expect_error(parse(gguf({kEmbd, kEmbd}, 8 * 34)), "tensor 'token_embd.weight' appears twice");
  for (uint32_t a : {0u, 3u, 48u}) {
    Bytes al;
    al.str("general.alignment").u32(4).u32(a);
    expect_error(parse(gguf({kEmbd}, 4 * 34, al.b, 1)), "general.alignment must be a UINT32 power of two");
  }
  Bytes al64;
  al64.str("general.alignment").u32(10).u64(32);
  expect_error(parse(gguf({kEmbd}, 4 * 34, al64.b, 1)), "(it is a UINT64)");
}

TEST(GgufHostile, TensorsOutOfPlace) {
  expect_error(parse(gguf({{"token_embd.weight", {32, 4}, 8, 5}}, 4 * 34 + 64)),
               "starts at byte 5 of the data, not a multiple of the alignment 32");
  expect_error(parse(gguf({kEmbd}, 4 * 34 - 1)), "is truncated: tensor 'token_embd.weight' (4 × 32 Q8_0, 136 bytes)");
  expect_error(parse(gguf({{"token_embd.weight", {32, 4}, 8, uint64_t{1} << 63}}, 4 * 34)), "is truncated");
  expect_error(parse(gguf({{"token_embd.weight", {uint64_t{1} << 40, uint64_t{1} << 40}, 0, 0}}, 64)),
               "larger than any file can be");
  // 2^61 float64 values: a count that fits 62 bits, bytes that do not (2^64).
  expect_error(parse(gguf({{"big", {uint64_t{1} << 31, uint64_t{1} << 30}, 28, 0}, kEmbd}, 4 * 34)),
               "tensor 'big' claims a shape (1,073,741,824 × 2,147,483,648) larger than any file can be");
  expect_error(parse(gguf({{"token_embd.weight", {33, 4}, 8, 0}}, 4 * 34)), "not a multiple of its block of 32");
  expect_error(parse(gguf({{"token_embd.weight", {1, 1, 1, 1, 1}, 0, 0}}, 64)), "has 5 dimensions");
}

TEST(GgufHostile, TypesAndShapesLookupvizDoesNotRead) {
  // IQ2_XXS and TQ1_0 (layouts lookupviz does not read: no size check, refused by name).
  expect_error(parse(gguf({{"token_embd.weight", {256, 4}, 16, 0}}, 1024)), "is stored as IQ2_XXS");
  expect_error(parse(gguf({{"token_embd.weight", {256, 4}, 34, 0}}, 1024)), "is stored as TQ1_0");
  expect_error(parse(gguf({{"token_embd.weight", {256, 4}, 99, 0}}, 1024)), "is stored as ggml type 99");
  expect_error(parse(gguf({{"token_embd.weight", {32, 4, 2}, 0, 0}}, 1024)), "is 3-D (2 × 4 × 32); pick a 2-D tensor");
  expect_error(parse(gguf({{"token_embd.weight", {32}, 0, 0}}, 1024)), "is 1-D");
  expect_error(parse(gguf({{"token_embd.weight", {0, 4}, 0, 0}}, 1024)), "is empty");
  expect_error(parse(gguf({}, 0)), "holds no tensors");
  expect_error(parse(gguf({kEmbd}, 4 * 34), "output.weight"),
               "has no tensor 'output.weight'; it has: token_embd.weight (4×32 Q8_0)");
}

TEST(GgufHostile, Float32OffItsFourByteAlignmentIsRefused) {
  // general.alignment 2 and an F32 tensor at data byte 2: its floats would be read in place unaligned.
  Bytes al;
  al.str("general.alignment").u32(4).u32(2);
  const std::string probe = gguf({{"token_embd.weight", {4, 2}, 0, 0}}, 64, al.b, 1);
  const lv::GgufParse p = lv::parse_gguf_header(reinterpret_cast<const uint8_t*>(probe.data()), probe.size(), "m");
  ASSERT_TRUE(p.ok) << p.error;
  ASSERT_EQ(p.header.data_offset % 2, 0u);
  const uint64_t bad = p.header.data_offset % 4 == 0 ? 2 : 0, good = 2 - bad;
  expect_error(parse(gguf({{"token_embd.weight", {4, 2}, 0, bad}}, 64, al.b, 1)),
               "not a multiple of 4 (general.alignment 2)");
  const TableLoad ok = parse(gguf({{"token_embd.weight", {4, 2}, 0, good}}, 64, al.b, 1));
  EXPECT_TRUE(ok.ok) << ok.error;
}

TEST(GgufHostile, TheChooserListsTwoDTensorsWhenThereIsNoTokenEmbd) {
  const TableLoad r = parse(gguf({{"blk.0.attn_norm.weight", {32}, 0, 0},
                                  {"output.weight", {32, 4}, 8, 128},
                                  {"blk.0.ffn_up.weight", {32, 2}, 0, 384}},
                                 1024));
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.tensor_names, (std::vector<std::string>{"output.weight", "blk.0.ffn_up.weight"}));
  EXPECT_NE(r.error.find("has no token_embd.weight and 2 2-D tensors; pick one (FILE:NAME)"), std::string::npos)
      << r.error;
  const TableLoad one = parse(gguf({{"blk.0.attn_norm.weight", {32}, 0, 0}, {"output.weight", {32, 4}, 8, 128}}, 1024));
  ASSERT_TRUE(one.ok) << one.error;
  EXPECT_EQ(one.table.name, "output.weight");
}

TEST(GgufFile, OneHundredTwentyThreeTensorsIsNotTakenForSafetensors) {
  // Byte 8 of a GGUF with 123 tensors is '{', how a .safetensors header starts.
  std::vector<Tensor> ts = {kEmbd};
  for (int i = 1; i < 123; ++i) ts.push_back({"t" + std::to_string(i), {32}, 0, 160 + 128 * static_cast<uint64_t>(i)});
  TempDir dir;
  write_file(dir.file("m.bin"), gguf(ts, 160 + 128 * 123));
  const TableLoad r = load_table(dir.file("m.bin"));
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.table.dtype, "Q8_0");
  expect_error(load_table(dir.file("m.bin") + ":t1"), "is 1-D");
}

TEST(GgufFile, AFileTruncatedAfterItWasOpenedReadsNaNNotACrash) {
  // 64 rows of Q4_K (256 values, 144 bytes each), values from fp16 d = 1: row r all bytes r.
  std::string data;
  for (int r = 0; r < 64; ++r) {
    std::string block(144, static_cast<char>(r));
    block[0] = 0x00, block[1] = 0x3c, block[2] = 0, block[3] = 0;
    data += block;
  }
  std::string file = gguf({{"token_embd.weight", {256, 64}, 12, 0}}, 0) + data;
  TempDir dir;
  const std::string path = dir.file("t.gguf");
  write_file(path, file);
  TableLoad r = load_table(path);
  ASSERT_TRUE(r.ok) << r.error;
  std::vector<float> row(256);
  ASSERT_TRUE(r.table.read_row(63, row.data()));
  EXPECT_FALSE(std::isnan(row[0]));
  ASSERT_EQ(truncate(path.c_str(), static_cast<off_t>(r.table.data_offset + 144)), 0);
  EXPECT_NE(r.table.check_on_disk(), "");
  r.table.read_row(63, row.data());
  EXPECT_TRUE(std::isnan(row[0]));
  EXPECT_TRUE(std::isnan(r.table.at(63, 5)));
  EXPECT_TRUE(r.table.changed());
  ASSERT_TRUE(r.table.read_row(0, row.data()));
  EXPECT_FALSE(std::isnan(row[255]));
}

}  // namespace
