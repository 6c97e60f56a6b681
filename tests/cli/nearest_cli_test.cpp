// nearest_cli_test.cpp — `lookupviz --nearest ID [--k K] [--metric M]` and `--norms [--k K]`
// through the real binary: tables written here as .npy (float32) and .safetensors
// (bfloat16) with planted neighbours, the printed JSON read back and held against a
// float64 reference computed here (ties within 1e-6 allowed); bad values exit 2 with
// one line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/torch/dtype_round.hpp"
#include "run_binary.hpp"
#include "usage_error.hpp"

namespace {

using Args = std::vector<std::string>;

struct Table {
  int64_t rows = 0, cols = 0;
  std::vector<double> values;  // as stored, widened
  double at(int64_t r, int64_t c) const { return values[static_cast<size_t>(r * cols + c)]; }
};

Table planted(int64_t v, int64_t d, int64_t query, bool bf16) {
  std::mt19937 gen(static_cast<uint32_t>(v + d));
  std::normal_distribution<float> normal(0.0f, 0.02f);
  std::vector<float> m(static_cast<size_t>(v * d));
  for (float& x : m) x = normal(gen);
  float noise = 0.1f;
  for (int64_t p : {v / 5, v / 2, v - 2}) {
    for (int64_t j = 0; j < d; ++j)
      m[static_cast<size_t>(p * d + j)] = m[static_cast<size_t>(query * d + j)] * (1 + noise * normal(gen) * 50);
    noise *= 2;
  }
  Table t{v, d, {}};
  for (float x : m) t.values.push_back(bf16 ? lv::round_to_bfloat16(x) : x);
  return t;
}

std::string temp_dir() {
  char dir[] = "/tmp/lookupviz-nearest-XXXXXX";
  return mkdtemp(dir) ? dir : "/tmp";
}

void write_npy(const std::string& path, const Table& t) {
  std::string h = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(t.rows) + ", " +
                  std::to_string(t.cols) + "), }";
  while ((10 + h.size() + 1) % 64 != 0) h += ' ';
  h += '\n';
  FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  const char magic[8] = {'\x93', 'N', 'U', 'M', 'P', 'Y', 1, 0};
  const uint8_t len[2] = {static_cast<uint8_t>(h.size() & 0xff), static_cast<uint8_t>(h.size() >> 8)};
  std::fwrite(magic, 1, 8, f);
  std::fwrite(len, 1, 2, f);
  std::fwrite(h.data(), 1, h.size(), f);
  for (double x : t.values) {
    const float v = static_cast<float>(x);
    std::fwrite(&v, 4, 1, f);
  }
  std::fclose(f);
}

void write_bf16_safetensors(const std::string& path, const Table& t) {
  const uint64_t n = static_cast<uint64_t>(t.values.size()) * 2;
  std::string h = "{\"model.embed_tokens.weight\":{\"dtype\":\"BF16\",\"shape\":[" + std::to_string(t.rows) + "," +
                  std::to_string(t.cols) + "],\"data_offsets\":[0," + std::to_string(n) + "]}}";
  while (h.size() % 8) h += ' ';
  FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  uint8_t len[8];
  for (int i = 0; i < 8; ++i) len[i] = static_cast<uint8_t>(static_cast<uint64_t>(h.size()) >> (8 * i));
  std::fwrite(len, 1, 8, f);
  std::fwrite(h.data(), 1, h.size(), f);
  for (double x : t.values) {
    const uint16_t b = lv::float_to_bfloat16_bits(static_cast<float>(x));
    std::fwrite(&b, 2, 1, f);
  }
  std::fclose(f);
}

struct Entry {
  int64_t row;
  double score;
};

// The "row"/"score" (or "norm") pairs of one JSON list, in order.
std::vector<Entry> entries(const std::string& json, const std::string& list, const std::string& value) {
  std::vector<Entry> out;
  size_t at = json.find("\"" + list + "\": [");
  if (at == std::string::npos) return out;
  const size_t end = json.find(']', at);
  const std::string key = "{\"row\": ";
  for (at = json.find(key, at); at != std::string::npos && at < end; at = json.find(key, at + 1)) {
    Entry e{};
    const std::string fmt = "{\"row\": %ld, \"" + value + "\": %lf}";
    long row = 0;
    if (std::sscanf(json.c_str() + at, fmt.c_str(), &row, &e.score) == 2) {
      e.row = row;
      out.push_back(e);
    }
  }
  return out;
}

std::vector<Entry> reference(const Table& t, int64_t q, const std::string& metric) {
  std::vector<Entry> all;
  double qq = 0;
  for (int64_t j = 0; j < t.cols; ++j) qq += t.at(q, j) * t.at(q, j);
  for (int64_t i = 0; i < t.rows; ++i) {
    if (i == q) continue;
    double dot = 0, rr = 0, l2 = 0;
    for (int64_t j = 0; j < t.cols; ++j) {
      dot += t.at(q, j) * t.at(i, j);
      rr += t.at(i, j) * t.at(i, j);
      l2 += (t.at(q, j) - t.at(i, j)) * (t.at(q, j) - t.at(i, j));
    }
    all.push_back({i, metric == "cosine" ? dot / std::max(std::sqrt(qq * rr), 1e-8)
                      : metric == "dot"  ? dot
                                         : std::sqrt(l2)});
  }
  const bool hi = metric != "l2";
  std::sort(all.begin(), all.end(), [hi](const Entry& a, const Entry& b) {
    return a.score != b.score ? (hi ? a.score > b.score : a.score < b.score) : a.row < b.row;
  });
  return all;
}

void expect_top_k(const std::vector<Entry>& got, const std::vector<Entry>& ref, size_t k, const std::string& what) {
  ASSERT_EQ(got.size(), k) << what;
  std::map<int64_t, double> score;
  for (const Entry& e : ref) score[e.row] = e.score;
  std::set<int64_t> top;
  for (size_t i = 0; i < k; ++i) top.insert(ref[i].row);
  const double kth = ref[k - 1].score;
  for (const Entry& e : got) {
    if (!top.count(e.row))
      EXPECT_NEAR(score[e.row], kth, 1e-6 * std::max(1.0, std::abs(kth))) << what << " row " << e.row;
    EXPECT_NEAR(e.score, score[e.row], 1e-5 * std::max(std::abs(score[e.row]), 1e-3)) << what << " row " << e.row;
  }
}

TEST(NearestCli, TopKOfAFilesTableEqualsTheFloat64Reference) {
  const std::string dir = temp_dir();
  const int64_t v = 4000, d = 96, q = 123;
  for (bool bf16 : {false, true}) {
    const Table t = planted(v, d, q, bf16);
    const std::string path = dir + (bf16 ? "/t.safetensors" : "/t.npy");
    if (bf16) write_bf16_safetensors(path, t);
    else write_npy(path, t);
    for (const std::string metric : {"cosine", "dot", "l2"}) {
      const std::string what = path + " " + metric;
      const lvtest::RunResult r =
          lvtest::run_binary({"--nearest", std::to_string(q), "--k", "7", "--metric", metric, "--weights", path});
      ASSERT_EQ(r.exit_code, 0) << what << r.err;
      EXPECT_EQ(r.out.rfind("{\"id\": 123, \"metric\": \"" + metric + "\", \"neighbours\": [", 0), 0u) << r.out;
      EXPECT_EQ(r.out.back(), '\n');
      expect_top_k(entries(r.out, "neighbours", "score"), reference(t, q, metric), 7, what);
    }
    // --norms: the lowest and highest rows by norm.
    const lvtest::RunResult r = lvtest::run_binary({"--norms", "--k", "3", "--weights", path});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::vector<Entry> norms;
    for (int64_t i = 0; i < v; ++i) {
      double s = 0;
      for (int64_t j = 0; j < d; ++j) s += t.at(i, j) * t.at(i, j);
      norms.push_back({i, std::sqrt(s)});
    }
    std::sort(norms.begin(), norms.end(), [](const Entry& a, const Entry& b) { return a.score < b.score; });
    const std::vector<Entry> low = entries(r.out, "lowest", "norm"), high = entries(r.out, "highest", "norm");
    ASSERT_EQ(low.size(), 3u) << r.out;
    ASSERT_EQ(high.size(), 3u) << r.out;
    for (size_t i = 0; i < 3; ++i) {
      const Entry& lo = norms[i];
      const Entry& hi = norms[norms.size() - 1 - i];
      EXPECT_EQ(low[i].row, lo.row) << r.out;
      EXPECT_NEAR(low[i].score, lo.score, 1e-5 * lo.score);
      EXPECT_EQ(high[i].row, hi.row) << r.out;
      EXPECT_NEAR(high[i].score, hi.score, 1e-5 * hi.score);
    }
    std::remove(path.c_str());
  }
  rmdir(dir.c_str());
}

// A seeded table: the same answer twice (drawn from --seed as nn.Embedding does), and
// --dtype bfloat16 reads the rounded table.
TEST(NearestCli, TheSeededTableAnswersAndItsDtypeCounts) {
  const Args base = {"--nearest", "7", "--vocab", "300", "--dim", "48", "--seed", "5"};
  const lvtest::RunResult a = lvtest::run_binary(base), b = lvtest::run_binary(base);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_EQ(entries(a.out, "neighbours", "score").size(), 10u);
  Args bf = base;
  bf.insert(bf.end(), {"--dtype", "bfloat16"});
  const lvtest::RunResult c = lvtest::run_binary(bf);
  ASSERT_EQ(c.exit_code, 0) << c.err;
  EXPECT_NE(a.out, c.out);  // other scores
}

using lvtest::expect_usage_error;

TEST(NearestCli, BadValuesExitTwoWithOneLine) {
  expect_usage_error(
      {"--nearest", "4"},
      "--nearest 4 is outside the table: it has 4 rows, 0 to 3 (--vocab V sets the seeded table's rows)");
  expect_usage_error({"--nearest", "-1"},
                     "--nearest must be a row of the table, a whole number from 0 up, e.g. --nearest 42 (got “-1”)");
  expect_usage_error({"--nearest", "1e3"},
                     "--nearest must be a row of the table, a whole number from 0 up, e.g. --nearest 42 (got “1e3”)");
  expect_usage_error({"--nearest", "99999999999999999999999"},
                     "--nearest must be a row of the table, a whole number from 0 up, e.g. --nearest 42 (got "
                     "“99999999999999999999999”)");
  expect_usage_error({"--nearest"}, "--nearest needs a value, e.g. --nearest 42");
  expect_usage_error({"--nearest", "1", "--k", "0"}, "--k must be a number of rows from 1 to 10,000 (got “0”)");
  expect_usage_error({"--nearest", "1", "--k", "-3"}, "--k must be a number of rows from 1 to 10,000 (got “-3”)");
  expect_usage_error({"--nearest", "1", "--k", "10001"}, "--k must be a number of rows from 1 to 10,000 (got “10001”)");
  expect_usage_error({"--norms", "--k", "1e99"}, "--k must be a number of rows from 1 to 10,000 (got “1e99”)");
  expect_usage_error({"--nearest", "1", "--metric", "cos"}, "--metric must be cosine, dot or l2 (got “cos”)");
  expect_usage_error({"--nearest", "1", "--metric", ""}, "--metric must be cosine, dot or l2 (got “”)");
  expect_usage_error({"--k", "3"}, "--k K is how many rows --nearest ID or --norms lists: give one of them too");
  expect_usage_error({"--norms", "--metric", "dot"},
                     "--metric chooses how --nearest ID compares rows: give --nearest too");
  expect_usage_error({"--nearest", "1", "--norms"}, "give --nearest ID or --norms, not both");
  expect_usage_error({"--nearest", "1", "--print"},
                     "--nearest ID prints its rows as JSON and exits: give it without another mode (--print, "
                     "--quiz-json, --screenshot, --tokenize, ...)");
  expect_usage_error({"--nearest", "1", "--nearest", "2"},
                     "--nearest is given twice: give each option once (see --help)");
  // A file's rows are known once it is read.
  const std::string dir = temp_dir(), path = dir + "/small.npy";
  write_npy(path, planted(10, 4, 0, false));
  expect_usage_error({"--nearest", "10", "--weights", path},
                     "--nearest 10 is outside the table: " + path + " has 10 rows, 0 to 9");
  std::remove(path.c_str());
  rmdir(dir.c_str());
}

TEST(NearestCli, HelpNamesTheModes) {
  const lvtest::RunResult r = lvtest::run_binary({"--help"});
  for (const char* flag : {"--nearest ID", "--metric M", "--norms", "--k K"})
    EXPECT_NE(r.out.find(flag), std::string::npos) << flag;
}

// Issue 39: a row holding NaN or inf cannot be compared: the JSON says why ("neighbours"
// stays []), stderr says the same in one line, exit 2. --norms on 8 rows with 3 non-finite
// lists those 3 apart ("non_finite") and says so on stderr; the other rows as before.
TEST(NearestCli, NonFiniteRowsAreNamedNotSilentlyDropped) {
  Table t{8, 4, {}};
  for (int64_t i = 0; i < 8; ++i)
    for (int64_t j = 0; j < 4; ++j) t.values.push_back(static_cast<double>((i + 1) * (j % 2 ? 1 : -1)) + 0.25 * j);
  t.values[3 * 4 + 1] = NAN;
  t.values[5 * 4 + 0] = INFINITY;
  t.values[6 * 4 + 2] = -INFINITY;
  const std::string dir = temp_dir(), path = dir + "/nonfinite.npy";
  write_npy(path, t);
  for (const char* row : {"3", "5"}) {
    const lvtest::RunResult r = lvtest::run_binary({"--nearest", row, "--weights", path});
    const std::string what = std::string(row) == "3" ? "NaN" : "inf";
    const std::string why = "row " + std::string(row) + " holds " + what +
                            ", so its cosine score against every row is not a number: no row can be listed";
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.out, "{\"id\": " + std::string(row) + ", \"metric\": \"cosine\", \"neighbours\": [], \"why\": \"" +
                         why + "\"}\n");
    EXPECT_EQ(r.err, "lookupviz: " + why + "\n");
  }
  // A finite row: the others listed, the 3 non-finite left out and counted on stderr.
  const lvtest::RunResult n = lvtest::run_binary({"--nearest", "0", "--k", "8", "--weights", path});
  ASSERT_EQ(n.exit_code, 0) << n.err;
  EXPECT_EQ(entries(n.out, "neighbours", "score").size(), 4u) << n.out;
  EXPECT_EQ(n.err, "lookupviz: 3 rows left out: their cosine score is not a finite number (NaN or inf in the row)\n");
  const lvtest::RunResult r = lvtest::run_binary({"--norms", "--k", "8", "--weights", path});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(entries(r.out, "lowest", "norm").size(), 5u) << r.out;
  EXPECT_EQ(entries(r.out, "highest", "norm").size(), 5u) << r.out;
  EXPECT_NE(r.out.find(", \"non_finite\": [{\"row\": 3, \"norm\": \"nan\"}, {\"row\": 5, \"norm\": \"inf\"}, {\"row\": "
                       "6, \"norm\": \"inf\"}], \"non_finite_count\": 3}\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(
      r.err,
      "lookupviz: 3 of 8 rows have a norm that is not finite (NaN or inf): listed under \"non_finite\", in neither "
      "\"lowest\" nor \"highest\"\n");
  std::remove(path.c_str());
  rmdir(dir.c_str());
}

// Five exact copies of row 0 score exactly 1 (never 1.00000008) and, tied, come by row.
TEST(NearestCli, CopiesOfTheRowScoreExactlyOne) {
  Table t = planted(300, 64, 0, false);
  for (int64_t r = 40; r < 45; ++r)
    for (int64_t j = 0; j < 64; ++j) t.values[static_cast<size_t>(r * 64 + j)] = t.at(0, j);
  const std::string dir = temp_dir(), path = dir + "/copies.npy";
  write_npy(path, t);
  const lvtest::RunResult r = lvtest::run_binary({"--nearest", "0", "--k", "12", "--weights", path});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<Entry> e = entries(r.out, "neighbours", "score");
  ASSERT_EQ(e.size(), 12u);
  for (size_t k = 0; k < 5; ++k) {
    EXPECT_EQ(e[k].row, static_cast<int64_t>(40 + k)) << r.out;
    EXPECT_EQ(e[k].score, 1.0) << r.out;
  }
  for (const Entry& x : e) EXPECT_LE(x.score, 1.0) << r.out;
  std::remove(path.c_str());
  rmdir(dir.c_str());
}

// A GGUF of 64 × 16 float32 rows whose metadata holds a llama-type vocabulary of `tokens`
// tokens ("tok0000000_abcdefgh" …); `broken`: its scores array is one short (no tokenizer
// can be made of it).
std::string vocab_gguf(uint64_t tokens, bool broken) {
  auto put = [](std::string& b, uint64_t v, int n) {
    for (int k = 0; k < n; ++k) b += static_cast<char>((v >> (8 * k)) & 0xFF);
  };
  auto str = [&](std::string& b, const std::string& x) { put(b, x.size(), 8), b += x; };
  auto key = [&](std::string& b, const std::string& k, uint32_t type) { str(b, k), put(b, type, 4); };
  std::string kv;
  key(kv, "general.architecture", 8), str(kv, "llama");
  key(kv, "tokenizer.ggml.model", 8), str(kv, "llama");
  key(kv, "tokenizer.ggml.tokens", 9), put(kv, 8, 4), put(kv, tokens, 8);
  char name[32];
  for (uint64_t t = 0; t < tokens; ++t) {
    std::snprintf(name, sizeof name, "tok%07llu_abcdefgh", static_cast<unsigned long long>(t));
    str(kv, name);
  }
  const uint64_t scores = broken ? tokens - 1 : tokens;
  key(kv, "tokenizer.ggml.scores", 9), put(kv, 6, 4), put(kv, scores, 8), kv.append(scores * 4, '\0');
  key(kv, "tokenizer.ggml.token_type", 9), put(kv, 5, 4), put(kv, tokens, 8);
  for (uint64_t t = 0; t < tokens; ++t) put(kv, 1, 4);
  std::string b = "GGUF";
  put(b, 3, 4), put(b, 1, 8), put(b, 5, 8);
  b += kv;
  str(b, "token_embd.weight");
  put(b, 2, 4), put(b, 16, 8), put(b, 64, 8), put(b, 0, 4), put(b, 0, 8);
  b.resize((b.size() + 31) / 32 * 32, '\0');
  for (int r = 0; r < 64; ++r)
    for (int c = 0; c < 16; ++c) {
      const float v = static_cast<float>((r * 7 + c * 3) % 11) - 5.0f;
      char bytes[4];
      std::memcpy(bytes, &v, 4);
      b.append(bytes, 4);
    }
  return b;
}

// Issue 39: --nearest and --norms read the table alone. A GGUF whose tokenizer metadata is
// broken answers as any table does (nothing said of the tokenizer), and one with a large
// vocabulary costs about its header's bytes, not a tokenizer built from it (400,000 tokens:
// 127 MB and 4 s before, when every mode loaded the file's tokenizer).
TEST(NearestCli, AGgufsTokenizerIsNeitherReadNorNeeded) {
  const std::string dir = temp_dir(), broken = dir + "/broken.gguf", big = dir + "/big.gguf";
  {
    std::ofstream(broken, std::ios::binary) << vocab_gguf(64, true);
    std::ofstream(big, std::ios::binary) << vocab_gguf(400'000, false);
  }
  for (const Args& mode : {Args{"--nearest", "0", "--k", "3"}, Args{"--norms", "--k", "3"}}) {
    Args args = mode;
    args.insert(args.end(), {"--weights", broken});
    const lvtest::RunResult r = lvtest::run_binary(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out.rfind("{", 0), 0u) << r.out;
  }
  const auto file_bytes = static_cast<long>(std::ifstream(big, std::ios::binary | std::ios::ate).tellg());
  const lvtest::RunResult r = lvtest::run_binary({"--nearest", "0", "--k", "3", "--weights", big});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The header is read once (a copy of its bytes); a tokenizer of 400,000 tokens is more
  // than 100 MB on top. (Not under AddressSanitizer: its shadow is part of the resident set.)
#if !defined(__SANITIZE_ADDRESS__)
  EXPECT_LT(r.max_rss_kb * 1024L, 2 * file_bytes + (48L << 20)) << "peak RSS, KB: " << r.max_rss_kb;
#endif
  std::remove(broken.c_str());
  std::remove(big.c_str());
  rmdir(dir.c_str());
}

}  // namespace
