// tokenizer_cache_index_test.cpp — the tokenizer cache's indexes, kept as built and read in
// place (core/tokenizer/tokenizer_cache.hpp, flat_index.hpp; issue 40 item 6): a hit, mapped or
// copied, gives the IDs a fresh parse gives (every tokenizer of the tokenizer.json fuzz corpus:
// tokenizer_cache_test.cpp); indexes that are damaged or hostile behind a good checksum (an ID out of range, a
// table with no free slot, a count that does not fit, bytes out of line) are refused, the cache
// written again, and nothing is read out of bounds (ASan's build runs this too).
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "core/tokenizer/flat_index.hpp"
#include "core/tokenizer/tokenizer_cache.hpp"
#include "tests/shared/temp_dir.hpp"
#include "tests/shared/tiny_models.hpp"

namespace {

using lv::TokenizerCacheUse;

const char* const kTexts[] = {"Hello world",
                              "Hello  world\n\tHello",
                              "",
                              " ",
                              "caf\xC3\xA9 \xF0\x9F\x98\x80 42",
                              "<s>Hello</s> world",
                              "  don't stop 123 \xD8\xB3\xD9\x84\xD8\xA7\xD9\x85 \xE4\xBD\xA0\xE5\xA5\xBD"};

std::string read_all(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

void expect_same(const lv::Tokenizer& a, const lv::Tokenizer& b, const std::string& what) {
  EXPECT_EQ(a.vocab_size(), b.vocab_size()) << what;
  for (const char* text : kTexts) {
    const lv::Encoding x = a.encode(text), y = b.encode(text);
    EXPECT_EQ(x.ok, y.ok) << what << ": " << text;
    EXPECT_EQ(x.ids, y.ids) << what << ": " << text;
    EXPECT_EQ(a.decode(x.ids).bytes, b.decode(y.ids).bytes) << what << ": " << text;
  }
}

// The payload in bytes of its own (8-aligned, as a file's are), and the tokenizer read from it.
std::shared_ptr<const lv::BpeTokenizer> from_payload(const std::string& payload, std::string* why) {
  auto bytes = std::make_shared<const std::string>(payload);
  return lv::tokenizer_from_cache_payload(*bytes, bytes, why);
}

// The fuzz target's seeds of whole payloads are payloads this build reads (so the fuzzer
// starts from ones that reach the indexes, and a change of layout makes them again).
TEST(TokenizerCacheIndexes, TheFuzzCorpusPayloadsAreReadWhole) {
  const std::string dir = std::string(LOOKUPVIZ_SOURCE_DIR) + "/tests/fuzz/corpus/fuzz_tokenizer_cache";
  size_t seen = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().filename().string().rfind("payload_", 0) != 0) continue;
    const std::string all = read_all(e.path());
    std::string why;
    const auto t = from_payload(all.substr(all.find('\n') + 1), &why);
    EXPECT_TRUE(t) << e.path() << ": " << why;
    ++seen;
  }
  EXPECT_GE(seen, 4u);
}

struct Fixture {
  lv::test::TempDir dir{"lookupviz_tokidx"};
  std::string json = dir.file("tokenizer.json"), cache = dir.file("cache");
  Fixture() { lv::test::write_file(json, lvtest::tokenizer_json()); }
  lv::ModelTokenizerLoad open(TokenizerCacheUse::Outcome want, lv::CacheRead read, std::string* why = nullptr) {
    TokenizerCacheUse use;
    lv::ModelTokenizerLoad l = lv::tokenizer_from_json_file_cached(json, cache, &use, read);
    EXPECT_EQ(use.outcome, want) << use.why;
    if (why) *why = use.why;
    EXPECT_TRUE(l.tokenizer) << l.error;
    return l;
  }
};

TEST(TokenizerCacheIndexes, AHitMappedOrCopiedGivesTheIdsOfAFreshParse) {
  Fixture f;
  const lv::ModelTokenizerLoad fresh = f.open(TokenizerCacheUse::Written, lv::CacheRead::Copy);
  const lv::ModelTokenizerLoad copied = f.open(TokenizerCacheUse::Hit, lv::CacheRead::Copy);
  const lv::ModelTokenizerLoad mapped = f.open(TokenizerCacheUse::Hit, lv::CacheRead::Mapped);
  ASSERT_TRUE(fresh.tokenizer && copied.tokenizer && mapped.tokenizer);
  expect_same(*fresh.tokenizer, *copied.tokenizer, "copied");
  expect_same(*fresh.tokenizer, *mapped.tokenizer, "mapped");
  EXPECT_EQ(mapped.tokenizer->encode("Hello world").ids,
            (lv::IdList{lvtest::tiny_id("\xE2\x96\x81Hello"), lvtest::tiny_id("\xE2\x96\x81world")}));
  // The cache file replaced (as lookupviz replaces one: a new file renamed over it) while the
  // mapped tokenizer lives: it keeps the bytes it mapped.
  const std::string file = lv::tokenizer_cache_file(f.json, f.cache), bytes = read_all(file);
  lv::test::write_file(file + ".new", std::string(bytes.size(), 'x'));
  std::filesystem::rename(file + ".new", file);
  expect_same(*fresh.tokenizer, *mapped.tokenizer, "mapped, after the file was replaced");
}

// The cache file with its indexes changed and its checksum made good again: what a hostile
// file would be. A header is 64 bytes; the payload's size and hash are its 6th and 7th words.
std::string with_payload(const std::string& file_bytes, const std::string& payload) {
  std::string b = file_bytes.substr(0, 64) + payload;
  const uint64_t size = payload.size(), hash = lv::hash_bytes(payload);
  std::memcpy(b.data() + 40, &size, 8);
  std::memcpy(b.data() + 48, &hash, 8);
  return b;
}

uint64_t u64_at(const std::string& b, size_t at) {
  uint64_t v = 0;
  std::memcpy(&v, b.data() + at, 8);
  return v;
}

TEST(TokenizerCacheIndexes, HostileIndexesBehindAGoodChecksumAreRefusedAndWrittenAgain) {
  Fixture f;
  const lv::ModelTokenizerLoad good = f.open(TokenizerCacheUse::Written, lv::CacheRead::Copy);
  const std::string file = lv::tokenizer_cache_file(f.json, f.cache), bytes = read_all(file);
  const std::string payload = bytes.substr(64);
  ASSERT_EQ(payload, lv::cache_payload(*good.tokenizer));
  // The token index: its count at the spec's end, its slots from the next multiple of 8.
  const size_t count_at = 8 + u64_at(payload, 0), slots_at = (count_at + 8 + 7) / 8 * 8;
  const uint64_t slots = u64_at(payload, count_at);
  ASSERT_GE(slots, 16u);
  std::vector<std::string> hostile;
  {
    std::string p = payload;  // an ID past the vocabulary in a slot that holds one
    size_t s = 0;
    for (uint32_t id = UINT32_MAX; id == UINT32_MAX; ++s) std::memcpy(&id, p.data() + slots_at + 4 * s, 4);
    const uint32_t big = 0x7FFFFFF0;
    std::memcpy(p.data() + slots_at + 4 * (s - 1), &big, 4);
    hostile.push_back(p);
  }
  {
    std::string p = payload;  // every slot taken: a probe for a missing text would never end
    for (size_t s = 0; s < slots; ++s) {
      const uint32_t id = 1;
      std::memcpy(p.data() + slots_at + 4 * s, &id, 4);
    }
    hostile.push_back(p);
  }
  {
    std::string p = payload;  // a count larger than the bytes
    const uint64_t huge = uint64_t{1} << 60;
    std::memcpy(p.data() + count_at, &huge, 8);
    hostile.push_back(p);
  }
  hostile.push_back(payload.substr(0, payload.size() - 4));  // cut inside the merge index
  hostile.push_back(payload + "tail");                       // bytes after its end
  for (size_t k = 0; k < hostile.size(); ++k) {
    for (lv::CacheRead read : {lv::CacheRead::Copy, lv::CacheRead::Mapped}) {
      lv::test::write_file(file, with_payload(bytes, hostile[k]));
      std::string why;
      const lv::ModelTokenizerLoad l = f.open(TokenizerCacheUse::Rewritten, read, &why);
      EXPECT_NE(why.find("damaged"), std::string::npos) << k << ": " << why;
      ASSERT_TRUE(l.tokenizer);
      expect_same(*good.tokenizer, *l.tokenizer, "hostile " + std::to_string(k));
      EXPECT_EQ(read_all(file), bytes) << k;  // written again, whole
    }
  }
}

// Every byte of the indexes changed in turn, and payloads out of line in memory: refused with a
// reason or read in range (an index whose IDs are all in range may still be accepted), never a
// crash.
TEST(TokenizerCacheIndexes, MangledIndexesAreRefusedOrReadInRange) {
  const lv::ModelTokenizerLoad l = lv::tokenizer_from_json(lvtest::tokenizer_json(), "m/tokenizer.json");
  ASSERT_TRUE(l.tokenizer) << l.error;
  const std::string good = lv::cache_payload(*l.tokenizer);
  const size_t first = 8 + u64_at(good, 0);
  std::mt19937 rng(11);
  size_t refused = 0;
  for (size_t k = first; k < good.size(); ++k) {
    std::string b = good;
    b[k] = static_cast<char>(b[k] ^ (1 + rng() % 255));
    std::string why;
    if (const auto t = from_payload(b, &why)) {
      (void)t->encode("Hello world <s> caf\xC3\xA9 xyz");
    } else {
      EXPECT_FALSE(why.empty());
      ++refused;
    }
  }
  EXPECT_GE(refused, (good.size() - first) / 4);
  // One byte out of line: refused, not read unaligned.
  auto shifted = std::make_shared<const std::string>(" " + good);
  std::string why;
  EXPECT_FALSE(lv::tokenizer_from_cache_payload(std::string_view(*shifted).substr(1), shifted, &why));
  EXPECT_NE(why.find("damaged"), std::string::npos) << why;
}

}  // namespace
