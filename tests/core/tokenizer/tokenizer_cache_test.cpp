// tokenizer_cache_test.cpp — the parsed tokenizer.json kept in the cache folder
// (core/tokenizer/tokenizer_cache.hpp, issue 40 item 6): written on the first open, read on
// the next with the same IDs, rejected and written again when the JSON changes (even at the
// same size and time) or the cache file is damaged, truncated, hostile or not a file, never
// a crash; the spec's bytes (spec_codec.hpp) give back the same tokenizer for every seed
// of the tokenizer.json fuzz corpus, and mangled bytes are refused.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "core/tokenizer/spec_codec.hpp"
#include "core/tokenizer/tokenizer_cache.hpp"
#include "tests/shared/temp_dir.hpp"
#include "tests/shared/tiny_models.hpp"

namespace {

using lv::TokenizerCacheUse;
using lv::test::write_file;

struct TempDir : lv::test::TempDir {
  TempDir() : lv::test::TempDir("lookupviz_tokcache") {}
};

const char* const kTexts[] = {"Hello world", "Hello  world\n\tHello",           "",
                              " ",           "caf\xC3\xA9 \xF0\x9F\x98\x80 42", "<s>Hello</s> world"};

std::string read_all(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// The same IDs and decoded bytes for every text.
void expect_same(const lv::Tokenizer& a, const lv::Tokenizer& b) {
  EXPECT_EQ(a.name(), b.name());
  EXPECT_EQ(a.vocab_size(), b.vocab_size());
  for (const char* text : kTexts) {
    const lv::Encoding x = a.encode(text), y = b.encode(text);
    EXPECT_EQ(x.ok, y.ok) << text;
    EXPECT_EQ(x.ids, y.ids) << text;
    EXPECT_EQ(a.decode(x.ids).bytes, b.decode(y.ids).bytes) << text;
  }
}

lv::IdList hello_world() { return {lvtest::tiny_id("\xE2\x96\x81Hello"), lvtest::tiny_id("\xE2\x96\x81world")}; }

struct Fixture {
  TempDir dir;
  std::string json = dir.file("tokenizer.json"), cache = dir.file("cache/lookupviz/tokenizers");
  Fixture() { write_file(json, lvtest::tokenizer_json()); }
  lv::ModelTokenizerLoad open(TokenizerCacheUse::Outcome want) {
    TokenizerCacheUse use;
    lv::ModelTokenizerLoad l = lv::tokenizer_from_json_file_cached(json, cache, &use);
    EXPECT_EQ(use.outcome, want) << use.why;
    EXPECT_TRUE(l.tokenizer) << l.error;
    return l;
  }
};

TEST(TokenizerCache, WrittenOnceThenReadWithTheSameIds) {
  Fixture f;
  const lv::ModelTokenizerLoad first = f.open(TokenizerCacheUse::Written), again = f.open(TokenizerCacheUse::Hit);
  ASSERT_TRUE(first.tokenizer && again.tokenizer);
  expect_same(*first.tokenizer, *again.tokenizer);
  EXPECT_EQ(again.tokenizer->encode("Hello world").ids, hello_world());
  // The folders are private (0700), as the XDG spec asks; the file is written as every save.
  struct stat st {};
  ASSERT_EQ(stat(f.cache.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  ASSERT_EQ(stat(lv::tokenizer_cache_file(f.json, f.cache).c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));
  EXPECT_EQ(st.st_mode & 0022, 0u);
}

TEST(TokenizerCache, AChangedJsonAtTheSameSizeAndTimeIsParsedAgain) {
  Fixture f;
  f.open(TokenizerCacheUse::Written);
  struct stat before {};
  ASSERT_EQ(stat(f.json.c_str(), &before), 0);
  // ▁Hello's and ▁world's IDs swapped (two digits each): the same size, other IDs.
  const std::string hello = "\"\xE2\x96\x81Hello\": ", world = "\"\xE2\x96\x81world\": ";
  const std::string h = std::to_string(lvtest::tiny_id("\xE2\x96\x81Hello")),
                    w = std::to_string(lvtest::tiny_id("\xE2\x96\x81world"));
  ASSERT_EQ(h.size(), w.size());
  std::string json = lvtest::tokenizer_json();
  const size_t a = json.find(hello + h), b = json.find(world + w);
  ASSERT_TRUE(a != std::string::npos && b != std::string::npos);
  json.replace(a + hello.size(), h.size(), w);
  json.replace(b + world.size(), w.size(), h);
  write_file(f.json, json);
  const struct timespec times[2] = {before.st_atim, before.st_mtim};
  ASSERT_EQ(utimensat(AT_FDCWD, f.json.c_str(), times, 0), 0);
  const lv::ModelTokenizerLoad l = f.open(TokenizerCacheUse::Rewritten);
  ASSERT_TRUE(l.tokenizer);
  const lv::IdList swapped{hello_world()[1], hello_world()[0]};
  EXPECT_EQ(l.tokenizer->encode("Hello world").ids, swapped);
}

TEST(TokenizerCache, ADamagedCacheIsRejectedAndWrittenAgain) {
  Fixture f;
  const lv::ModelTokenizerLoad good = f.open(TokenizerCacheUse::Written);
  const std::string file = lv::tokenizer_cache_file(f.json, f.cache), bytes = read_all(file);
  ASSERT_GT(bytes.size(), 200u);
  const std::string damaged[] = {
      bytes.substr(0, bytes.size() / 2),  // truncated
      bytes.substr(0, 10),                // shorter than its header
      bytes.substr(0, 100) + std::string(1, static_cast<char>(~bytes[100])) + bytes.substr(101),  // a bit flipped
      std::string(bytes.size(), '\xFF'),                                                          // garbage
      "",                                                                                         // empty
  };
  for (const std::string& d : damaged) {
    write_file(file, d);
    const lv::ModelTokenizerLoad l = f.open(TokenizerCacheUse::Rewritten);
    ASSERT_TRUE(l.tokenizer);
    expect_same(*good.tokenizer, *l.tokenizer);
    EXPECT_EQ(read_all(file), bytes);  // written again, whole
  }
}

TEST(TokenizerCache, ACacheThatCannotBeWrittenIsNoError) {
  Fixture f;
  std::filesystem::create_directories(lv::tokenizer_cache_file(f.json, f.cache));  // a folder where the file goes
  f.open(TokenizerCacheUse::NotWritten);
  write_file(f.dir.file("cache-is-a-file"), "x");
  TokenizerCacheUse use;
  const lv::ModelTokenizerLoad l = lv::tokenizer_from_json_file_cached(f.json, f.dir.file("cache-is-a-file/t"), &use);
  EXPECT_TRUE(l.tokenizer) << l.error;
  EXPECT_EQ(use.outcome, TokenizerCacheUse::NotWritten);
  const lv::ModelTokenizerLoad off = lv::tokenizer_from_json_file_cached(f.json, "", &use);
  EXPECT_TRUE(off.tokenizer);
  EXPECT_EQ(use.outcome, TokenizerCacheUse::Off);
}

TEST(TokenizerCache, TheFolderComesFromTheEnvironment) {
  const auto with = [](const char* own, const char* xdg, const char* home) {
    own ? setenv("LOOKUPVIZ_TOKENIZER_CACHE", own, 1) : unsetenv("LOOKUPVIZ_TOKENIZER_CACHE");
    xdg ? setenv("XDG_CACHE_HOME", xdg, 1) : unsetenv("XDG_CACHE_HOME");
    home ? setenv("HOME", home, 1) : unsetenv("HOME");
    return lv::tokenizer_cache_dir();
  };
  const char* keep[] = {"LOOKUPVIZ_TOKENIZER_CACHE", "XDG_CACHE_HOME", "HOME"};
  std::string saved[3];
  bool had[3];
  for (int i = 0; i < 3; ++i)
    if ((had[i] = std::getenv(keep[i]) != nullptr)) saved[i] = std::getenv(keep[i]);
  EXPECT_EQ(with("off", "/x", "/h"), "");
  EXPECT_EQ(with("/t/c", "/x", "/h"), "/t/c");
  EXPECT_EQ(with(nullptr, "/x/", "/h"), "/x/lookupviz/tokenizers");
  EXPECT_EQ(with(nullptr, "rel", "/h"), "/h/.cache/lookupviz/tokenizers");  // XDG: absolute paths only
  EXPECT_EQ(with(nullptr, nullptr, nullptr), "");
  for (int i = 0; i < 3; ++i) had[i] ? setenv(keep[i], saved[i].c_str(), 1) : unsetenv(keep[i]);
}

// Every seed of the tokenizer.json fuzz corpus (BPE byte-level and SentencePiece, WordPiece,
// Unigram, WordLevel): its spec's bytes make the same tokenizer, and so does its whole cache
// payload with the indexes read in place (tokenizer_cache_index_test.cpp has the rest).
TEST(TokenizerSpecCodec, TheCorpusTokenizersComeBackTheSame) {
  const std::string dir = std::string(LOOKUPVIZ_SOURCE_DIR) + "/tests/fuzz/corpus/fuzz_tokenizer_json";
  size_t seen = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string all = read_all(e.path());
    const lv::ModelTokenizerLoad l = lv::tokenizer_from_json(all.substr(all.find('\n') + 1), "m/tokenizer.json");
    if (!l.tokenizer) continue;
    lv::BpeSpec spec;
    std::string why;
    ASSERT_TRUE(lv::decode_spec(lv::encode_spec(l.tokenizer->spec()), spec, &why)) << e.path() << ": " << why;
    const lv::BpeTokenizer again(std::move(spec));
    ASSERT_EQ(again.error(), "") << e.path();
    expect_same(*l.tokenizer, again);
    const auto bytes = std::make_shared<const std::string>(lv::cache_payload(*l.tokenizer));
    const auto in_place = lv::tokenizer_from_cache_payload(*bytes, bytes, &why);
    ASSERT_TRUE(in_place) << e.path() << ": " << why;
    expect_same(*l.tokenizer, *in_place);
    ++seen;
  }
  EXPECT_GE(seen, 5u);
}

// Every byte changed, every length cut, and random bytes: refused or decoded, never a crash
// (ASan's build runs this too), and a decoded spec is checked by BpeTokenizer.
TEST(TokenizerSpecCodec, MangledBytesAreRefusedNotACrash) {
  const lv::ModelTokenizerLoad l = lv::tokenizer_from_json(lvtest::tokenizer_json(), "m/tokenizer.json");
  ASSERT_TRUE(l.tokenizer) << l.error;
  const std::string good = lv::encode_spec(l.tokenizer->spec());
  std::mt19937 rng(7);
  size_t refused = 0;
  for (size_t k = 0; k < good.size() + 400; ++k) {
    std::string b = good;
    if (k < good.size()) b[k] = static_cast<char>(b[k] ^ (1 + rng() % 255));
    else if (k < good.size() + 200) b.resize(rng() % good.size());
    else
      for (char& c : b) c = static_cast<char>(rng());
    lv::BpeSpec spec;
    std::string why;
    if (!lv::decode_spec(b, spec, &why)) {
      EXPECT_FALSE(why.empty());
      ++refused;
      continue;
    }
    const lv::BpeTokenizer t(std::move(spec));
    if (t.error().empty()) (void)t.encode("Hello world <s> caf\xC3\xA9");
  }
  EXPECT_GE(refused, 200u);  // at least every cut and every random one
}

}  // namespace
