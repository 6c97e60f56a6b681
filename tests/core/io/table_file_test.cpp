// table_file_test.cpp — the .npy / .safetensors loaders: real files written by numpy and
// torch (tests/golden/tables/, make_tables.py), files written here byte by byte in every
// version, dtype and order, and every malformed case we could think of, each of which
// must give one clear sentence and never crash.
#include "core/io/table_file.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cmath>

#include <bit>
#include <chrono>
#include <thread>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/torch/dtype_round.hpp"
#include "core/io/sigbus_guard.hpp"
#include "core/torch/torch_generator.hpp"
#include "core/torch/torch_layers.hpp"

namespace {

using lv::load_table;
using lv::TableLoad;

// ---------------------------------------------------------------- helpers: files and bytes

struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/lookupviz_tables_XXXXXX";
    path = mkdtemp(tmpl);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string file(const std::string& name) const { return path + "/" + name; }
};

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

template <class T>
std::string raw(const std::vector<T>& v) {
  return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

std::string le(uint64_t v, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += static_cast<char>((v >> (8 * i)) & 0xff);
  return s;
}

// A .npy file: magic, version, header length, the dict padded with spaces and '\n' so
// the data starts on a 64-byte boundary (as numpy writes it).
std::string npy(const std::string& dict, const std::string& data, int major = 1) {
  const size_t prefix = major == 1 ? 10 : 12;
  std::string header = dict;
  while ((prefix + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out = std::string("\x93NUMPY", 6) + static_cast<char>(major) + '\0';
  out += le(header.size(), major == 1 ? 2 : 4);
  return out + header + data;
}

std::string dict(const std::string& descr, bool fortran, const std::string& shape) {
  return "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': " + shape + ", }";
}

// The test table: value(i, j) = i - 0.25 j, exact in float16, bfloat16 and float32.
float value(int i, int j) { return static_cast<float>(i) - 0.25f * static_cast<float>(j); }

// The R x C table's values as the given dtype, in C or Fortran order.
std::string table_bytes(int rows, int cols, const std::string& type, bool fortran) {
  std::string out;
  for (int a = 0; a < (fortran ? cols : rows); ++a)
    for (int b = 0; b < (fortran ? rows : cols); ++b) {
      const float v = fortran ? value(b, a) : value(a, b);
      if (type == "f4") out += raw(std::vector<float>{v});
      if (type == "f8") out += raw(std::vector<double>{v});
      if (type == "f2") out += raw(std::vector<uint16_t>{lv::float_to_half_bits(v)});
      if (type == "bf16") out += raw(std::vector<uint16_t>{lv::float_to_bfloat16_bits(v)});
    }
  return out;
}

void expect_table(const TableLoad& r, int rows, int cols, const std::string& dtype) {
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.table.rows, rows);
  EXPECT_EQ(r.table.cols, cols);
  EXPECT_EQ(r.table.dtype, dtype);
  const lv::Matrix m = r.table.to_matrix();
  ASSERT_EQ(m.rows(), rows);
  ASSERT_EQ(m.cols(), cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      ASSERT_EQ(m(i, j), value(i, j)) << i << "," << j;
      ASSERT_EQ(r.table.at(i, j), value(i, j)) << i << "," << j;  // one value, read where it lies
    }
  std::vector<float> row(static_cast<size_t>(cols));
  r.table.read_row(rows - 1, row.data());
  for (int j = 0; j < cols; ++j) ASSERT_EQ(row[static_cast<size_t>(j)], value(rows - 1, j));
}

struct StTensor {
  std::string name, dtype, shape, bytes;  // shape as JSON, e.g. "[4,5]"
};

// A .safetensors file; offsets are laid out contiguously unless `header` is given raw.
std::string safetensors(const std::vector<StTensor>& ts, const std::string& metadata = "") {
  std::string h = "{", data;
  if (!metadata.empty()) h += "\"__metadata__\":" + metadata + ",";
  for (size_t k = 0; k < ts.size(); ++k) {
    const size_t b = data.size();
    data += ts[k].bytes;
    h += (k ? "," : "") + std::string("\"") + ts[k].name + "\":{\"dtype\":\"" + ts[k].dtype +
         "\",\"shape\":" + ts[k].shape + ",\"data_offsets\":[" + std::to_string(b) + "," + std::to_string(data.size()) +
         "]}";
  }
  h += "}";
  while (h.size() % 8) h += ' ';
  return le(h.size(), 8) + h + data;
}

std::string raw_safetensors(const std::string& header, const std::string& data) {
  return le(header.size(), 8) + header + data;
}

TableLoad parse_npy_str(const std::string& s) {
  return lv::parse_npy(reinterpret_cast<const uint8_t*>(s.data()), s.size(), "x.npy");
}
TableLoad parse_st_str(const std::string& s, const std::string& name = "") {
  return lv::parse_safetensors(reinterpret_cast<const uint8_t*>(s.data()), s.size(), name, "x.safetensors");
}

// ---------------------------------------------------------------- real files from numpy / torch

TEST(TableFileReal, NumpyAndTorchFilesLoadToTheirFloat32Values) {
  const std::string dir = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables/";
  std::ifstream in(dir + "expected.txt");
  ASSERT_TRUE(in) << "missing " << dir << "expected.txt";
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string word, spec, dtype;
    int rows = 0, cols = 0;
    ls >> word;
    if (word != "table") continue;
    ls >> spec >> rows >> cols >> dtype;
    std::vector<uint32_t> want;
    while (std::getline(in, line) && line != "end") {
      std::istringstream vs(line);
      uint32_t b;
      while (vs >> std::hex >> b) want.push_back(b);
    }
    SCOPED_TRACE(spec);
    const TableLoad r = load_table(dir + spec);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.table.rows, rows);
    EXPECT_EQ(r.table.cols, cols);
    EXPECT_EQ(r.table.dtype, dtype);
    const lv::Matrix m = r.table.to_matrix();
    ASSERT_EQ(static_cast<size_t>(m.size()), want.size());
    for (size_t i = 0; i < want.size(); ++i)
      ASSERT_EQ(std::bit_cast<uint32_t>(m.data()[i]), want[i]) << "element " << i;
    ++checked;
  }
  EXPECT_EQ(checked, 10);
}

TEST(TableFileReal, NotebookTableFromNumpyEqualsTheSeededTable) {
  const TableLoad r = load_table(std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables/notebook_seed123.npy");
  ASSERT_TRUE(r.ok) << r.error;
  lv::TorchGenerator g(123);
  EXPECT_EQ(r.table.to_matrix(), lv::embedding_init(4, 5, g));
  EXPECT_TRUE(r.table.mapped) << "a file's table is read where it lies, not copied";
  EXPECT_NE(r.table.f32(), nullptr);
  EXPECT_TRUE(r.table.name.empty());
  EXPECT_NE(r.table.path.find("notebook_seed123.npy"), std::string::npos);
}

TEST(TableFileReal, SafetensorsWithSeveralTablesAsksWhichOne) {
  const TableLoad r = load_table(std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables/mixed.safetensors");
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.tensor_names, (std::vector<std::string>{"double", "embed.weight", "half", "proj.weight"}));
  EXPECT_EQ(r.error, "mixed.safetensors has 4 2-D tensors; pick one (FILE:NAME): double (3×2), embed.weight (6×4), "
                     "half (2×2), proj.weight (3×5).");
  const TableLoad one = load_table(std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables/single.safetensors");
  ASSERT_TRUE(one.ok) << one.error;  // one 2-D tensor beside a bias: taken without asking
  EXPECT_EQ(one.table.name, "weight");
  const TableLoad bias = load_table(std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables/mixed.safetensors:head.bias");
  EXPECT_EQ(bias.error, "mixed.safetensors: tensor 'head.bias' is 1-D (4); pick a 2-D tensor.");
  const TableLoad ints = load_table(std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables/mixed.safetensors:steps");
  EXPECT_EQ(ints.error, "mixed.safetensors: tensor 'steps' is 1-D (1); pick a 2-D tensor.");
}

// ---------------------------------------------------------------- files written here

TEST(TableFileNpy, EveryVersionDtypeAndOrder) {
  TempDir dir;
  const struct {
    const char* type;
    const char* dtype;
  } types[] = {{"f4", "float32"}, {"f2", "float16"}, {"f8", "float64"}};
  for (int major = 1; major <= 3; ++major)
    for (const auto& t : types)
      for (bool fortran : {false, true}) {
        const std::string name = "t" + std::to_string(major) + t.type + (fortran ? "F" : "C") + ".npy";
        SCOPED_TRACE(name);
        const std::string bytes =
            npy(dict(std::string("<") + t.type, fortran, "(5, 3)"), table_bytes(5, 3, t.type, fortran), major);
        write_file(dir.file(name), bytes);
        expect_table(load_table(dir.file(name)), 5, 3, t.dtype);
        expect_table(parse_npy_str(bytes), 5, 3, t.dtype);
      }
}

TEST(TableFileNpy, HeaderVariantsNumpyAccepts) {
  // Double quotes, no trailing comma, keys in another order, Python 2 long suffix, a
  // one-column and a one-row table, a table bigger than a transpose tile.
  expect_table(parse_npy_str(npy("{\"shape\": (2,3), \"fortran_order\": False, \"descr\": \"<f4\"}",
                                 table_bytes(2, 3, "f4", false))),
               2, 3, "float32");
  expect_table(
      parse_npy_str(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (4L, 1L)}", table_bytes(4, 1, "f4", false))),
      4, 1, "float32");
  expect_table(parse_npy_str(npy(dict("<f2", true, "(1, 9)"), table_bytes(1, 9, "f2", true))), 1, 9, "float16");
  expect_table(parse_npy_str(npy(dict("<f4", true, "(130, 67)"), table_bytes(130, 67, "f4", true))), 130, 67,
               "float32");
}

TEST(TableFileSafetensors, EveryDtypeAndTheNamedTensor) {
  TempDir dir;
  const std::string bytes =
      safetensors({{"a32", "F32", "[4,3]", table_bytes(4, 3, "f4", false)},
                   {"b16", "F16", "[2,5]", table_bytes(2, 5, "f2", false)},
                   {"cbf", "BF16", "[3,3]", table_bytes(3, 3, "bf16", false)},
                   {"cbw", "BF16", "[3,19]", table_bytes(3, 19, "bf16", false)},  // 8 at a time, and a tail
                   {"d64", "F64", "[1,2]", table_bytes(1, 2, "f8", false)},
                   {"bias", "F32", "[3]", raw(std::vector<float>{1, 2, 3})}},
                  "{\"format\":\"pt\",\"nested\":{\"x\":[1,2.5e3,true,null,\"s\"]}}");
  write_file(dir.file("m.safetensors"), bytes);
  expect_table(load_table(dir.file("m.safetensors:a32")), 4, 3, "float32");
  expect_table(load_table(dir.file("m.safetensors:b16")), 2, 5, "float16");
  expect_table(load_table(dir.file("m.safetensors:cbf")), 3, 3, "bfloat16");
  expect_table(load_table(dir.file("m.safetensors:cbw")), 3, 19, "bfloat16");
  expect_table(load_table(dir.file("m.safetensors:d64")), 1, 2, "float64");
  const TableLoad r = parse_st_str(bytes, "b16");
  expect_table(r, 2, 5, "float16");
  EXPECT_EQ(r.table.name, "b16");
  EXPECT_EQ(parse_st_str(bytes).tensor_names, (std::vector<std::string>{"a32", "b16", "cbf", "cbw", "d64"}));
}

TEST(TableFileSafetensors, EscapedNamesAndAPathWithAColon) {
  TempDir dir;
  // "caf\u00e9 \"w\"" is the name café "w".
  const std::string bytes =
      raw_safetensors("{\"caf\\u00e9 \\\"w\\\"\":{\"dtype\":\"F32\",\"shape\":[2,2],\"data_offsets\":[0,16]}}",
                      table_bytes(2, 2, "f4", false));
  const TableLoad r = parse_st_str(bytes, "caf\xc3\xa9 \"w\"");
  expect_table(r, 2, 2, "float32");
  // A path that itself contains ':' is tried whole first.
  write_file(dir.file("we:ird.npy"), npy(dict("<f4", false, "(2, 2)"), table_bytes(2, 2, "f4", false)));
  expect_table(load_table(dir.file("we:ird.npy")), 2, 2, "float32");
  write_file(dir.file("t:x.safetensors"), bytes);
  expect_table(load_table(dir.file("t:x.safetensors") + ":caf\xc3\xa9 \"w\""), 2, 2, "float32");
  // A tensor name holding ':' (FILE:a:b): split at the last ':' that leaves a file.
  write_file(dir.file("c.safetensors"), safetensors({{"a:b", "F32", "[2,2]", table_bytes(2, 2, "f4", false)},
                                                     {"z", "F32", "[2,2]", table_bytes(2, 2, "f4", false)}}));
  const TableLoad colon = load_table(dir.file("c.safetensors") + ":a:b");
  expect_table(colon, 2, 2, "float32");
  EXPECT_EQ(colon.table.name, "a:b");
  EXPECT_EQ(load_table(dir.file("t:x.safetensors") + ":nope:x").error.find("has no tensor 'nope:x'"),
            16u);  // "t:x.safetensors has…"
  // A name on a .npy is a mistake worth a sentence.
  EXPECT_EQ(load_table(dir.file("we:ird.npy") + ":w").error,
            "we:ird.npy is a .npy file, which holds a single array; drop ':w' to load it.");
}

// ---------------------------------------------------------------- malformed .npy

TEST(TableFileNpy, MalformedFilesSayWhatIsWrong) {
  const std::string good = npy(dict("<f4", false, "(3, 4)"), table_bytes(3, 4, "f4", false));
  struct Case {
    std::string bytes, error;
  };
  const Case cases[] = {
      {good.substr(0, good.size() - 28),
       "x.npy is truncated: the header promises 3 × 4 float32 (48 bytes) but the file has 20 bytes of data."},
      {good + "extra", "x.npy: the header promises 3 × 4 float32 (48 bytes) but the file has 53 bytes of data."},
      {npy(dict("<f4", false, "(30, 4)"), table_bytes(3, 4, "f4", false)),
       "x.npy is truncated: the header promises 30 × 4 float32 (480 bytes) but the file has 48 bytes of data."},
      {good.substr(0, 40), "x.npy is truncated: its header should be 118 bytes but the file ends after 30."},
      {good.substr(0, 8), "x.npy is truncated: it ends inside its .npy header."},
      {good.substr(0, 3), "x.npy is truncated: it ends inside the .npy magic."},
      {"", "x.npy is empty."},
      {"PK\x03\x04 not numpy at all", "x.npy is not a .npy file: it does not start with the .npy magic (\\x93NUMPY)."},
      {std::string("\x93NUMPY\x04\x00", 8) + good.substr(8),
       "x.npy is a .npy file of version 4.0; lookupviz reads versions 1.0, 2.0 and 3.0."},
      {std::string("\x93NUMPY\x01\x01", 8) + good.substr(8),
       "x.npy is a .npy file of version 1.1; lookupviz reads versions 1.0, 2.0 and 3.0."},
      {npy(dict("<i4", false, "(3, 4)"), std::string(48, '\0')),
       "x.npy uses dtype '<i4'; lookupviz reads float32, float16 and float64 (little-endian)."},
      {npy(dict(">f4", false, "(3, 4)"), std::string(48, '\0')),
       "x.npy is big-endian (dtype '>f4'); lookupviz reads little-endian float32, float16 and float64."},
      {npy(dict("|O", false, "(3, 4)"), std::string(96, '\0')),
       "x.npy holds Python objects (dtype '|O'); a table must hold float32, float16 or float64 numbers."},
      {npy("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (3,), }", std::string(12, '\0')),
       "x.npy holds a structured array (a record dtype); a table must be a plain float array."},
      {npy(dict("<f4", false, "(2, 3, 4)"), std::string(96, '\0')),
       "x.npy holds a 3-D array (2 × 3 × 4); a table must be 2-D."},
      {npy(dict("<f4", false, "(12,)"), std::string(48, '\0')), "x.npy holds a 1-D array (12); a table must be 2-D."},
      {npy(dict("<f4", false, "()"), std::string(4, '\0')),
       "x.npy holds a 0-D array (a single number); a table must be 2-D."},
      {npy(dict("<f4", false, "(0, 5)"), ""),
       "x.npy holds an empty 0 × 5 array; a table needs at least one row and one column."},
      {npy(dict("<f4", false, "(1099511627776, 1099511627776)"), std::string(48, '\0')),
       "x.npy's header claims a 1099511627776 × 1099511627776 float32 array, larger than any file can be."},
      {npy(dict("<f4", false, "(99999999999999999999, 2)"), ""),
       "x.npy's .npy header is malformed: a dimension too large to be real at byte 51."},
      {npy("{'descr': '<f4', 'fortran_order': False}", ""), "x.npy's .npy header is malformed: it has no 'shape'."},
      {npy("{'descr': '<f4', 'fortran_order': 0, 'shape': (1, 1)}", std::string(4, '\0')),
       "x.npy's .npy header is malformed: fortran_order is neither True nor False."},
      {npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1), 'x': 1}", std::string(4, '\0')),
       "x.npy's .npy header is malformed: unexpected or repeated key 'x'."},
      {npy("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (1, 1)}", std::string(4, '\0')),
       "x.npy's .npy header is malformed: unexpected or repeated key 'descr'."},
      {npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1)} junk", std::string(4, '\0')),
       "x.npy's .npy header is malformed: text after the dict at byte 58."},
      {std::string("\x93NUMPY\x02\x00", 8) + le(100'000, 4) + std::string(100'000, ' '),
       "x.npy's header is longer than 65,536 bytes (it says 100,000); this is not a table lookupviz can read."},
      {std::string("\x93NUMPY\x03\x00", 8) + le(0xffffffffu, 4),
       "x.npy's header is longer than 65,536 bytes (it says 4,294,967,295); this is not a table lookupviz can "
       "read."},
  };
  for (const Case& c : cases) {
    const TableLoad r = parse_npy_str(c.bytes);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error, c.error);
    EXPECT_EQ(r.table.base, nullptr);
  }
}

// ---------------------------------------------------------------- malformed .safetensors

TEST(TableFileSafetensors, MalformedFilesSayWhatIsWrong) {
  const std::string t45 = table_bytes(4, 5, "f4", false), t103 = table_bytes(10, 3, "f4", false);
  const std::string two = safetensors({{"a", "F32", "[4,5]", t45}, {"b", "F32", "[10,3]", t103}});
  auto hdr = [](const std::string& entries) { return "{" + entries + "}"; };
  struct Case {
    std::string bytes, name, error;
  };
  const Case cases[] = {
      {two, "foo", "x.safetensors has no tensor 'foo'; it has: a (4×5), b (10×3)."},
      {"", "", "x.safetensors is empty."},
      {"\x10\x00\x00", "", "x.safetensors is truncated: it ends inside the 8-byte length of its header."},
      {two.substr(0, 20), "", "x.safetensors is truncated: its header should be 120 bytes but the file ends after 12."},
      {two.substr(0, two.size() - 10), "a",
       "x.safetensors is truncated: tensor 'b' ends at byte 200 of the data but the file has 190 bytes of data."},
      {le(200'000'000, 8) + "{}", "",
       "x.safetensors's header is longer than 100,000,000 bytes (it says 200,000,000); this is not a .safetensors "
       "file lookupviz can read."},
      {le(~uint64_t{0}, 8) + "{}", "",
       "x.safetensors's header is longer than 100,000,000 bytes (it says 18,446,744,073,709,551,615); this is not a "
       ".safetensors file lookupviz can read."},
      {raw_safetensors("[1, 2]  ", ""), "",
       "x.safetensors's header is not valid safetensors JSON: it does not start with '{' at byte 0."},
      {raw_safetensors("{\"a\":{\"dtype\":\"F32\",\"shape\":[1,1],\"data_offsets\":[0,4]}", std::string(4, '\0')), "",
       "x.safetensors's header is not valid safetensors JSON: expected ',' at byte 55."},
      {raw_safetensors("{\"a\":{\"dtype\":F32}}", ""), "",
       "x.safetensors's header is not valid safetensors JSON: expected a string at byte 14."},
      {raw_safetensors("{\"a\":{\"dtype\":\"F32\",\"shape\":[1,-1],\"data_offsets\":[0,4]}}", ""), "",
       "x.safetensors's header is not valid safetensors JSON: a negative number at byte 31."},
      {raw_safetensors("{\"a\":{\"dtype\":\"F32\",\"shape\":[1.5],\"data_offsets\":[0,4]}}", ""), "",
       "x.safetensors's header is not valid safetensors JSON: expected a whole number at byte 30."},
      {raw_safetensors("{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4,8]}}", std::string(8, '\0')), "",
       "x.safetensors's header is not valid safetensors JSON: too many numbers in a list at byte 53."},
      {raw_safetensors("{\"a\\q\":{}}", ""), "",
       "x.safetensors's header is not valid safetensors JSON: a bad escape at byte 5."},
      {raw_safetensors("{\"\\ud800\":{}}", ""), "",
       "x.safetensors's header is not valid safetensors JSON: a lone high surrogate at byte 8."},
      {raw_safetensors("{\"__metadata__\":" + std::string(100, '[') + std::string(100, ']') + "}", ""), "",
       "x.safetensors's header is not valid safetensors JSON: nesting deeper than 64 levels at byte 81."},
      {raw_safetensors("{\"a\":{\"dtype\":\"F32\",\"shape\":[2,2]}}", ""), "",
       "x.safetensors: tensor 'a' has no data_offsets."},
      {raw_safetensors(hdr("\"a\":{\"dtype\":\"F32\",\"shape\":[2,2],\"data_offsets\":[16,0]}"), std::string(16, '\0')),
       "", "x.safetensors: tensor 'a' has data_offsets [16, 0] that end before they begin."},
      {raw_safetensors(hdr("\"a\":{\"dtype\":\"F32\",\"shape\":[2,2],\"data_offsets\":[0,12]}"), std::string(16, '\0')),
       "", "x.safetensors: tensor 'a' is 2 × 2 F32 (16 bytes) but its data_offsets span 12 bytes."},
      {raw_safetensors(hdr("\"a\":{\"dtype\":\"BF16\",\"shape\":[2,2],\"data_offsets\":[0,16]}"),
                       std::string(16, '\0')),
       "", "x.safetensors: tensor 'a' is 2 × 2 BF16 (8 bytes) but its data_offsets span 16 bytes."},
      {raw_safetensors(hdr("\"a\":{\"dtype\":\"F32\",\"shape\":[4611686018427387904,4],\"data_offsets\":[0,16]}"),
                       std::string(16, '\0')),
       "", "x.safetensors: tensor 'a' claims a shape (4611686018427387904 × 4) larger than any file can be."},
      {raw_safetensors(hdr("\"a\":{\"dtype\":\"F32\",\"shape\":[99999999999999999999,4],\"data_offsets\":[0,16]}"),
                       std::string(16, '\0')),
       "", "x.safetensors's header is not valid safetensors JSON: a number too large at byte 29."},
      {raw_safetensors(hdr("\"a\":{\"dtype\":\"F32\",\"shape\":[1099511627776,1099511627776],\"data_offsets\":[0,16]}"),
                       std::string(16, '\0')),
       "", "x.safetensors: tensor 'a' claims a shape (1099511627776 × 1099511627776) larger than any file can be."},
      {raw_safetensors(hdr("\"a\":{\"dtype\":\"F32\",\"shape\":[1,1],\"data_offsets\":[0,4]},"
                           "\"a\":{\"dtype\":\"F32\",\"shape\":[1,1],\"data_offsets\":[0,4]}"),
                       std::string(4, '\0')),
       "", "x.safetensors has tensor 'a' twice."},
      {raw_safetensors(hdr("\"w\":{\"dtype\":\"F32\",\"shape\":[6],\"data_offsets\":[0,24]}"), std::string(24, '\0')),
       "w", "x.safetensors: tensor 'w' is 1-D (6); pick a 2-D tensor."},
      {raw_safetensors(hdr("\"w\":{\"dtype\":\"F32\",\"shape\":[],\"data_offsets\":[0,4]}"), std::string(4, '\0')), "w",
       "x.safetensors: tensor 'w' is 0-D (a single number); pick a 2-D tensor."},
      {raw_safetensors(hdr("\"w\":{\"dtype\":\"F32\",\"shape\":[1,2,2],\"data_offsets\":[0,16]}"),
                       std::string(16, '\0')),
       "w", "x.safetensors: tensor 'w' is 3-D (1 × 2 × 2); pick a 2-D tensor."},
      {raw_safetensors(hdr("\"w\":{\"dtype\":\"I64\",\"shape\":[2,2],\"data_offsets\":[0,32]}"), std::string(32, '\0')),
       "", "x.safetensors: tensor 'w' has dtype I64; lookupviz reads F32, F16, BF16 and F64."},
      {raw_safetensors(hdr("\"w\":{\"dtype\":\"F32\",\"shape\":[0,3],\"data_offsets\":[0,0]}"), ""), "",
       "x.safetensors: tensor 'w' is empty (0 × 3); a table needs at least one row and one column."},
      {raw_safetensors(hdr("\"w\":{\"dtype\":\"F32\",\"shape\":[3],\"data_offsets\":[0,12]}"), std::string(12, '\0')),
       "", "x.safetensors has no 2-D tensor to use as a table; it has: w (3)."},
      {raw_safetensors("{}      ", ""), "", "x.safetensors holds no tensors."},
      {raw_safetensors("{}      ", ""), "w", "x.safetensors has no tensor 'w'; it holds no tensors at all."},
      {raw_safetensors("{} x", ""), "",
       "x.safetensors's header is not valid safetensors JSON: text after the header's object at byte 3."},
  };
  for (const Case& c : cases) {
    const TableLoad r = parse_st_str(c.bytes, c.name);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error, c.error);
    EXPECT_TRUE(r.tensor_names.empty());
  }
}

TEST(TableFileSafetensors, ManyTensorsStillRefuseADuplicateName) {
  // Issue 17, item 5: names were checked against every earlier one (O(n²): 100,000
  // tensors took 20 s). Now hashed; a repeat anywhere is still refused. The 1.6 M-tensor
  // timing is in the benchmark (lookupviz_bench --gbench, "safetensors_header").
  constexpr int kTensors = 50'000;
  auto file = [&](int repeat_at) {  // t0..t{n-1} (1-D, sharing 4 bytes), then "emb" 2 × 2
    std::string h = "{";
    for (int k = 0; k < kTensors; ++k)
      h += "\"t" + std::to_string(k == repeat_at ? k - 1 : k) +
           "\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]},";
    h += "\"emb\":{\"dtype\":\"F32\",\"shape\":[2,2],\"data_offsets\":[0,16]}}";
    return raw_safetensors(h, std::string(16, '\0'));
  };
  const TableLoad ok = parse_st_str(file(-1));
  ASSERT_TRUE(ok.ok) << ok.error;
  EXPECT_EQ(ok.table.name, "emb");
  EXPECT_EQ(parse_st_str(file(-1), "t49999").error, "x.safetensors: tensor 't49999' is 1-D (1); pick a 2-D tensor.");
  for (int at : {1, kTensors / 2, kTensors - 1}) {
    const TableLoad r = parse_st_str(file(at));
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error, "x.safetensors has tensor 't" + std::to_string(at - 1) + "' twice.");
  }
}

TEST(TableFileSafetensors, TheEmbeddingIsOnTopOfWhatToPickFrom) {
  // Issue 17, item 8: a GPT-2 file opened without :NAME listed 12 of its 148 names in
  // name order, and wte.weight was not among them.
  std::vector<StTensor> ts;
  for (int layer = 0; layer < 12; ++layer) {
    const std::string h = "h." + std::to_string(layer) + ".";
    ts.push_back({h + "attn.c_attn.weight", "F32", "[1,3]", std::string(12, '\0')});
    ts.push_back({h + "ln_1.bias", "F32", "[1]", std::string(4, '\0')});
  }
  ts.push_back({"wpe.weight", "F32", "[2,2]", std::string(16, '\0')});
  ts.push_back({"wte.weight", "F32", "[3,2]", std::string(24, '\0')});
  const TableLoad r = parse_st_str(safetensors(ts));
  ASSERT_FALSE(r.ok);
  ASSERT_EQ(r.tensor_names.size(), 14u);  // the 2-D tensors only
  EXPECT_EQ(r.tensor_names[0], "wte.weight");
  EXPECT_EQ(r.tensor_names[1], "h.0.attn.c_attn.weight");
  EXPECT_EQ(r.error.find("x.safetensors has 14 2-D tensors; pick one (FILE:NAME): wte.weight (3×2), "), 0u) << r.error;
  // Asking for a missing name lists the 2-D tensors before the biases.
  const std::string missing = parse_st_str(safetensors(ts), "emb").error;
  EXPECT_EQ(missing.find("x.safetensors has no tensor 'emb'; it has: wte.weight (3×2), h.0.attn"), 0u) << missing;
  // Llama's and BERT's names too.
  for (const char* name :
       {"model.embed_tokens.weight", "tok_embeddings.weight", "bert.embeddings.word_embeddings.weight"}) {
    const TableLoad l = parse_st_str(safetensors(
        {{"a.weight", "F32", "[1,1]", std::string(4, '\0')}, {name, "F32", "[1,1]", std::string(4, '\0')}}));
    ASSERT_EQ(l.tensor_names.size(), 2u);
    EXPECT_EQ(l.tensor_names[0], name);
  }
}

// ---------------------------------------------------------------- the file system

TEST(TableFileSystem, MissingFileFolderEmptyFileAndUnknownFormat) {
  TempDir dir;
  EXPECT_EQ(load_table(dir.file("nope.npy")).error,
            "Cannot open " + dir.file("nope.npy") + ": No such file or directory.");
  EXPECT_EQ(load_table(dir.file("nope.npy:w")).error,
            "Cannot open " + dir.file("nope.npy:w") + ": No such file or directory.");
  EXPECT_EQ(load_table(dir.path).error,
            dir.path + " is a folder, not a table file, and not a Hugging Face model folder (it has no config.json).");
  EXPECT_EQ(load_table("").error, "No table file given.");
  write_file(dir.file("empty.npy"), "");
  EXPECT_EQ(load_table(dir.file("empty.npy")).error, "empty.npy is empty.");
  write_file(dir.file("notes.txt"), "hello, world");
  EXPECT_EQ(load_table(dir.file("notes.txt")).error, "notes.txt is neither a .npy, a .safetensors nor a .gguf file.");
  // The magic decides, not the name.
  write_file(dir.file("table.bin"), npy(dict("<f4", false, "(2, 2)"), table_bytes(2, 2, "f4", false)));
  expect_table(load_table(dir.file("table.bin")), 2, 2, "float32");
  write_file(dir.file("st.bin"), safetensors({{"w", "F32", "[2,2]", table_bytes(2, 2, "f4", false)}}));
  expect_table(load_table(dir.file("st.bin")), 2, 2, "float32");
  EXPECT_EQ(load_table("/dev/null").error, "/dev/null is not a regular file.");
}

TEST(TableFileSystem, FileTruncatedOrReplacedAfterALoad) {
  TempDir dir;
  const std::string path = dir.file("t.npy");
  write_file(path, npy(dict("<f4", false, "(64, 64)"), table_bytes(64, 64, "f4", false)));
  const TableLoad first = load_table(path);
  expect_table(first, 64, 64, "float32");
  ASSERT_EQ(truncate(path.c_str(), 1000), 0);
  // The loaded table reads the file where it lies: after the file shrank, a read of the
  // lost rows fails cleanly (NaN, and the table says the file changed) — no SIGBUS.
  EXPECT_EQ(first.table.at(0, 0), value(0, 0));
  EXPECT_FALSE(first.table.changed());
  EXPECT_TRUE(std::isnan(first.table.at(63, 63)));
  EXPECT_TRUE(first.table.changed());
  std::vector<float> row(64);
  EXPECT_FALSE(first.table.read_row(63, row.data()));
  EXPECT_TRUE(std::isnan(row[0]));
  EXPECT_EQ(load_table(path).error,
            "t.npy is truncated: the header promises 64 × 64 float32 (16,384 bytes) but the file has 872 bytes of "
            "data.");
  write_file(path, "replaced by something else");
  EXPECT_EQ(load_table(path).error, "t.npy is not a .npy file: it does not start with the .npy magic (\\x93NUMPY).");
}

// A table overwritten in place (cp, dd: the same inode) with another dtype, then cut to
// 128 bytes while shown: check_on_disk says so, and the values past the new end read as
// NaN, as docs/manual.md promises. Before, nothing noticed the new bytes (float16 read as
// float32 under the old shape), and row 0 — on the file's last page, whose bytes past
// the end the mapping shows as zeros — read 0, not NaN.
TEST(TableFileSystem, AFileChangedUnderTheTableIsNoticedAndItsLostValuesReadNaN) {
  TempDir dir;
  const std::string path = dir.file("t.npy");
  write_file(path, npy(dict("<f4", false, "(64, 64)"), table_bytes(64, 64, "f4", false)));
  const TableLoad first = load_table(path);
  expect_table(first, 64, 64, "float32");
  EXPECT_EQ(first.table.check_on_disk(), "") << "nothing changed yet";
  EXPECT_EQ(first.table.data_offset, 128u);
  // Overwritten in place with the float16 table of the same shape (a second later, so
  // the modification time differs even on a coarse clock).
  struct stat before;
  ASSERT_EQ(stat(path.c_str(), &before), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  write_file(path, npy(dict("<f2", false, "(64, 64)"), table_bytes(64, 64, "f2", false)));
  struct stat after;
  ASSERT_EQ(stat(path.c_str(), &after), 0);
  ASSERT_EQ(before.st_ino, after.st_ino) << "overwritten in place";
  const std::string what = first.table.check_on_disk();
  EXPECT_NE(what.find("t.npy changed on disk since it was opened"), std::string::npos) << what;
  EXPECT_TRUE(first.table.changed());
  EXPECT_TRUE(std::isnan(first.table.at(63, 63))) << "past the float16 file's end";
  // Cut to 128 bytes: the header only. Every value reads NaN, row 0 too.
  ASSERT_EQ(truncate(path.c_str(), 128), 0);
  EXPECT_NE(first.table.check_on_disk().find("and is 128 bytes now (the values past its end read as NaN)"),
            std::string::npos);
  std::vector<float> row(64);
  first.table.read_row(0, row.data());
  for (float v : row) EXPECT_TRUE(std::isnan(v));
  EXPECT_TRUE(std::isnan(first.table.at(0, 0)));
  const int64_t ids[2] = {0, 5};
  std::vector<float> rows(128);
  first.table.read_rows(ids, 2, rows.data());
  for (float v : rows) EXPECT_TRUE(std::isnan(v));
  // Cut mid-row: the values before the end are still read, the rest are NaN.
  const TableLoad second = [&] {
    write_file(path, npy(dict("<f4", false, "(64, 64)"), table_bytes(64, 64, "f4", false)));
    return load_table(path);
  }();
  expect_table(second, 64, 64, "float32");
  ASSERT_EQ(truncate(path.c_str(), 128 + 4 * 10), 0);  // row 0's first 10 values
  second.table.check_on_disk();
  second.table.read_row(0, row.data());
  for (int j = 0; j < 64; ++j) {
    if (j < 10) EXPECT_EQ(row[static_cast<size_t>(j)], value(0, j)) << j;
    else EXPECT_TRUE(std::isnan(row[static_cast<size_t>(j)])) << j;
  }
  // Replaced (a new file renamed over the path) and removed: said too.
  const TableLoad third = [&] {
    write_file(path, npy(dict("<f4", false, "(64, 64)"), table_bytes(64, 64, "f4", false)));
    return load_table(path);
  }();
  write_file(path + ".new", npy(dict("<f4", false, "(64, 64)"), table_bytes(64, 64, "f4", false)));
  ASSERT_EQ(std::rename((path + ".new").c_str(), path.c_str()), 0);
  EXPECT_NE(third.table.check_on_disk().find("was replaced on disk"), std::string::npos);
  EXPECT_EQ(third.table.at(1, 1), value(1, 1)) << "the old file, still mapped, is intact";
  std::remove(path.c_str());
  EXPECT_NE(third.table.check_on_disk().find("was removed or renamed"), std::string::npos);
  // A table built in memory has no file to change.
  EXPECT_EQ(lv::TableFile::from_matrix(lv::Matrix::Zero(2, 2), path)->check_on_disk(), "");
}

TEST(TableFileSystem, SigbusFromAShrunkMappingIsCaught) {
  TempDir dir;
  const std::string path = dir.file("big.bin");
  write_file(path, std::string(1 << 20, 'x'));
  const int fd = open(path.c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  void* m = mmap(nullptr, 1 << 20, PROT_READ, MAP_PRIVATE, fd, 0);
  ASSERT_NE(m, MAP_FAILED);
  std::vector<char> buf(1 << 20);
  EXPECT_TRUE(lv::guarded_memcpy(buf.data(), m, buf.size()));
  ASSERT_EQ(truncate(path.c_str(), 4096), 0);  // the pages past 4096 are gone: touching them raises SIGBUS
  EXPECT_FALSE(lv::guarded_memcpy(buf.data(), m, buf.size()));
  EXPECT_TRUE(lv::guarded_memcpy(buf.data(), m, 4096));  // the guard is ready again
  EXPECT_FALSE(lv::guarded_memcpy(buf.data(), static_cast<char*>(m) + 8192, 16));
  // The jump back from the handler leaves the thread's signal mask as it was: SIGBUS is not
  // left blocked (a blocked SIGBUS from a fault would kill the process outright).
  sigset_t mask;
  ASSERT_EQ(pthread_sigmask(SIG_BLOCK, nullptr, &mask), 0);
  EXPECT_EQ(sigismember(&mask, SIGBUS), 0);
  munmap(m, 1 << 20);
  close(fd);
}

TEST(TableFileSystem, TablesOverTheLimitAreRefusedBeforeAnyAllocation) {
  // A sparse file whose size matches a 65,537 × 32,768 float16 header (4.3 GB on paper,
  // no disk blocks): sizes agree, so only the element limit can refuse it.
  TempDir dir;
  const std::string path = dir.file("huge.npy");
  const std::string head = npy(dict("<f2", false, "(65537, 32768)"), "");
  write_file(path, head);
  ASSERT_EQ(truncate(path.c_str(), static_cast<off_t>(head.size() + 65537ull * 32768ull * 2ull)), 0);
  EXPECT_EQ(load_table(path).error,
            "huge.npy holds a 65537 × 32768 table (2,147,516,416 values); lookupviz loads at most 2,147,483,648 "
            "values (8 GiB as float32).");
}

// ---------------------------------------------------------------- never trust a header

TEST(TableFileFuzz, EveryPrefixAndRandomCorruptionGivesAnErrorNotACrash) {
  const std::string files[] = {
      npy(dict("<f2", true, "(7, 5)"), table_bytes(7, 5, "f2", true)),
      npy(dict("<f8", false, "(3, 3)"), table_bytes(3, 3, "f8", false), 3),
      safetensors({{"a", "F32", "[4,5]", table_bytes(4, 5, "f4", false)},
                   {"b", "BF16", "[3,2]", table_bytes(3, 2, "bf16", false)}},
                  "{\"k\":\"v\"}"),
  };
  std::mt19937 rng(1234);
  for (const std::string& good : files) {
    const bool is_npy = good[0] == '\x93';
    auto parse = [&](const std::string& s) { return is_npy ? parse_npy_str(s) : parse_st_str(s, "a"); };
    ASSERT_TRUE(parse(good).ok) << parse(good).error;
    for (size_t n = 0; n < good.size(); ++n) {
      const TableLoad r = parse(good.substr(0, n));
      EXPECT_FALSE(r.ok) << "prefix " << n;
      EXPECT_FALSE(r.error.empty());
    }
    for (int round = 0; round < 3000; ++round) {
      std::string s = good;
      const int flips = 1 + static_cast<int>(rng() % 4);
      for (int f = 0; f < flips; ++f) s[rng() % s.size()] = static_cast<char>(rng() & 0xff);
      const TableLoad r = parse(s);  // either a table or a sentence
      if (r.ok) EXPECT_GT(r.table.to_matrix().size(), 0);
      else EXPECT_FALSE(r.error.empty());
    }
  }
}

}  // namespace
