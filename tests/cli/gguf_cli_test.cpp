// gguf_cli_test.cpp — the real binary on .gguf files written here byte by byte: a good
// one prints its table (gguf-py's load line, its values; the bytes are known), a bad one
// exits 2 with one line in the user's words (the type it cannot read named, the tensor
// missing named, a truncated file said to be truncated). The values of every type are
// checked against ggml's in core.GgufOracle and against torch in oracle.gguf_weights_oracle.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "run_binary.hpp"

namespace {

struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/lookupviz_gguf_cli_XXXXXX";
    path = mkdtemp(tmpl);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string file(const std::string& name) const { return path + "/" + name; }
};

void put(std::string& b, uint64_t v, int n) {
  for (int i = 0; i < n; ++i) b += static_cast<char>((v >> (8 * i)) & 0xFF);
}

// One 2-D tensor token_embd.weight of ggml type `type`, ne = [cols, rows], then data.
std::string gguf(uint32_t type, uint64_t cols, uint64_t rows, const std::string& data) {
  std::string b = "GGUF";
  put(b, 3, 4), put(b, 1, 8), put(b, 0, 8);
  const std::string name = "token_embd.weight";
  put(b, name.size(), 8), b += name;
  put(b, 2, 4), put(b, cols, 8), put(b, rows, 8), put(b, type, 4), put(b, 0, 8);
  b.resize((b.size() + 31) / 32 * 32, '\0');
  return b + data;
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Two rows of one Q8_0 block each: d = 0.5 (fp16 0x3800), quants 0..31 and -1..-32.
std::string q8_rows() {
  std::string data;
  for (int r = 0; r < 2; ++r) {
    data += '\x00', data += '\x38';
    for (int j = 0; j < 32; ++j) data += static_cast<char>(r == 0 ? j : -1 - j);
  }
  return data;
}

TEST(GgufCli, AQ8_0TablePrintsGgmlsValuesWithGgufPysLoadLine) {
  TempDir dir;
  const std::string f = dir.file("m.gguf");
  write_file(f, gguf(8, 32, 2, q8_rows()));
  const lvtest::RunResult r = lvtest::run_binary({"--print", "--weights", f, "--ids", "1,0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(">>> weights = torch.from_numpy(gguf.dequantize(*next((t.data, t.tensor_type) for t in "
                       "gguf.GGUFReader('" +
                       f + "').tensors if t.name == 'token_embd.weight'))).float()"),
            std::string::npos)
      << r.out;
  // Row 1 is -0.5, -1, …, -16; row 0 is 0, 0.5, …, 15.5.
  EXPECT_NE(r.out.find("tensor([[ -0.5000,  -1.0000,  -1.5000,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[  0.0000,   0.5000,   1.0000,"), std::string::npos) << r.out;
}

TEST(GgufCli, BadFilesExitTwoWithOneLine) {
  TempDir dir;
  write_file(dir.file("iq.gguf"), gguf(16, 256, 2, std::string(132, '\0')));
  write_file(dir.file("short.gguf"), gguf(8, 32, 2, q8_rows().substr(0, 40)));
  write_file(dir.file("m.gguf"), gguf(8, 32, 2, q8_rows()));
  write_file(dir.file("v1.gguf"), std::string("GGUF\x01\0\0\0", 8) + std::string(24, '\0'));
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--print", "--weights", dir.file("iq.gguf")}, "is stored as IQ2_XXS, a type lookupviz does not read"},
      {{"--print", "--weights", dir.file("short.gguf")}, "short.gguf is truncated: tensor 'token_embd.weight'"},
      {{"--print", "--weights", dir.file("m.gguf") + ":output.weight"}, "has no tensor 'output.weight'"},
      {{"--print", "--weights", dir.file("m.gguf"), "--ids", "2"}, "2 is out of range"},
      {{"--print", "--weights", dir.file("v1.gguf")}, "version 1"},
  };
  for (const auto& [args, needle] : cases) {
    const lvtest::RunResult r = lvtest::run_binary(args);
    EXPECT_EQ(r.signal, 0);
    EXPECT_EQ(r.exit_code, 2) << args[2];
    EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

}  // namespace
