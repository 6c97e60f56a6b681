// tokenizer_cache.cpp — see tokenizer_cache.hpp.
#include "core/tokenizer/tokenizer_cache.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/io/sigbus_guard.hpp"
#include "core/io/small_file.hpp"
#include "core/tokenizer/flat_index.hpp"
#include "core/tokenizer/spec_codec.hpp"

namespace lv {
namespace {

// C3: the payload is the spec's length, the spec (spec_codec.hpp), then the tokenizer's two
// indexes as built (BpeIndexes), read in place. C2 had no indexes, C1 not the models besides
// BPE: either is rejected and written again.
constexpr char kMagic[8] = {'L', 'V', 'T', 'O', 'K', 'C', '3', '\n'};

struct Header {
  char magic[8];
  uint64_t build;  // this executable's size and time, hashed
  uint64_t source_size;
  int64_t source_mtime_ns;
  uint64_t source_hash;
  uint64_t payload_size;
  uint64_t payload_hash;
  uint64_t reserved;
};
static_assert(sizeof(Header) == 64);

uint64_t build_key() {
  struct stat st {};
  if (stat("/proc/self/exe", &st) != 0) return 0;
  const int64_t t[3] = {st.st_size, st.st_mtim.tv_sec, st.st_mtim.tv_nsec};
  return hash_bytes(std::string_view(reinterpret_cast<const char*>(t), sizeof t), hash_bytes(LOOKUPVIZ_VERSION));
}

constexpr size_t kChunk = 1u << 20;

// A file's bytes hashed a chunk at a time, so that a file (read chunk by chunk: no copy of
// it all) and the same bytes in memory hash alike.
uint64_t hash_chunks(std::string_view bytes) {
  uint64_t h = bytes.size();
  for (size_t at = 0; at < bytes.size(); at += kChunk) h = hash_bytes(bytes.substr(at, kChunk), h);
  return h;
}

// The header the cache of `path` must have; false when it is not a regular file within
// `cap` bytes, or cannot be read whole. The file is mapped, not read (a 9 MB copy into fresh
// memory was a fifth of each `--tokenize`), and hashed under the SIGBUS guard: a tokenizer.json
// cut short as it is hashed (a download writing it again) fails the hash, not the process.
bool expected_header(const std::string& path, size_t cap, Header& h) {
  const SmallFileMap f = map_small_file(path, cap);
  if (!f.ok()) return false;
  struct Hash {
    std::string_view bytes;
    uint64_t h;
  } job{f.bytes, 0};
  const bool whole = run_sigbus_guarded(
      [](void* c) {
    auto* j = static_cast<Hash*>(c);
    j->h = hash_chunks(j->bytes);
      },
      &job);
  struct stat st {};
  if (!whole || stat(path.c_str(), &st) != 0 || static_cast<uint64_t>(st.st_size) != f.size) return false;
  h = Header{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.build = build_key();
  h.source_size = f.size;
  h.source_mtime_ns = int64_t{st.st_mtim.tv_sec} * 1'000'000'000 + st.st_mtim.tv_nsec;
  h.source_hash = job.h;
  return true;
}

// The cache file's bytes, mapped or copied (CacheRead); a copy is held as a mapping is.
SmallFileMap cache_bytes(const std::string& file, size_t cap, CacheRead read) {
  if (read == CacheRead::Mapped) return map_small_file(file, cap);
  SmallFileRead f = read_small_file(file, cap);
  SmallFileMap c;
  c.status = f.status, c.size = f.size, c.reason = std::move(f.reason);
  auto text = std::make_shared<const std::string>(std::move(f.text));
  c.bytes = *text;
  c.keep = std::move(text);
  return c;
}

// The cached tokenizer, or null with *why.
std::shared_ptr<const BpeTokenizer> read_cache(const std::string& file, const Header& want, size_t cap, CacheRead read,
                                               std::string* why) {
  const SmallFileMap f = cache_bytes(file, cap, read);
  if (f.status == SmallFileRead::Missing) return *why = "", nullptr;
  if (!f.ok()) return *why = f.reason, nullptr;
  Header h{};
  if (f.bytes.size() < sizeof h) return *why = "it is shorter than its header", nullptr;
  std::memcpy(&h, f.bytes.data(), sizeof h);
  const std::string_view payload = f.bytes.substr(sizeof h);
  if (std::memcmp(h.magic, want.magic, sizeof kMagic) != 0 || h.build != want.build)
    return *why = "another lookupviz wrote it", nullptr;
  if (h.source_size != want.source_size || h.source_mtime_ns != want.source_mtime_ns ||
      h.source_hash != want.source_hash)
    return *why = "the tokenizer.json has changed since", nullptr;
  if (h.payload_size != payload.size() || h.payload_hash != hash_bytes(payload))
    return *why = "it is damaged (its checksum does not match)", nullptr;
  return tokenizer_from_cache_payload(payload, f.keep, why);
}

// Folder by folder (the cache's base may not exist yet), 0700 as the XDG spec asks.
std::string make_folders(const std::string& dir) {
  for (size_t slash = dir.find('/', 1);; slash = dir.find('/', slash + 1)) {
    const std::string part = dir.substr(0, slash);
    if (mkdir(part.c_str(), 0700) != 0 && errno != EEXIST) return "cannot create " + part + ": " + std::strerror(errno);
    if (slash == std::string::npos) return "";
  }
}

}  // namespace

std::string tokenizer_cache_dir() {
  if (const char* own = std::getenv("LOOKUPVIZ_TOKENIZER_CACHE"))
    return std::string(own) == "off" ? std::string() : std::string(own);
  std::string base;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && xdg[0] == '/') base = xdg;
  else if (const char* home = std::getenv("HOME"); home && home[0] == '/') base = std::string(home) + "/.cache";
  else return "";
  while (base.size() > 1 && base.back() == '/') base.pop_back();
  return base + "/lookupviz/tokenizers";
}

std::string tokenizer_cache_file(const std::string& path, const std::string& cache_dir) {
  char* real = realpath(path.c_str(), nullptr);
  const std::string key = real ? real : path;
  std::free(real);
  char name[32];
  std::snprintf(name, sizeof name, "%016" PRIx64 ".bin", hash_bytes(key));
  return cache_dir + "/" + name;
}

std::string cache_payload(const BpeTokenizer& t) {
  if (t.spec().tokens.size() != t.vocab_size()) return "";  // read from a cache: its tokens are not in its spec
  std::string payload(sizeof(uint64_t), '\0');
  payload += encode_spec(t.spec());
  const uint64_t spec_size = payload.size() - sizeof spec_size;
  std::memcpy(payload.data(), &spec_size, sizeof spec_size);
  t.append_indexes(payload);
  return payload;
}

std::shared_ptr<const BpeTokenizer> tokenizer_from_cache_payload(std::string_view payload,
                                                                 std::shared_ptr<const void> keep, std::string* why) {
  uint64_t spec_size = 0;
  if (payload.size() < sizeof spec_size) return *why = "it is cut short or damaged", nullptr;
  std::memcpy(&spec_size, payload.data(), sizeof spec_size);
  if (spec_size > payload.size() - sizeof spec_size) return *why = "it is cut short or damaged", nullptr;
  BpeSpec spec;
  std::vector<uint32_t> token_at;
  const std::string_view spec_bytes = payload.substr(sizeof spec_size, spec_size);
  if (!decode_spec_in_place(spec_bytes, spec, token_at, why)) return nullptr;
  const size_t n = token_at.size();
  size_t at = sizeof spec_size + spec_size;
  BpeIndexes indexes;
  if (!indexes.by_text.view_from(payload, at, n) || !indexes.merge_of.view_from(payload, at, n) || at != payload.size())
    return *why = "its indexes are damaged", nullptr;
  indexes.texts.view_bytes(spec_bytes.data(), std::move(token_at));
  indexes.keep = std::move(keep);
  auto t = std::make_shared<const BpeTokenizer>(std::move(spec), std::move(indexes));
  if (!t->error().empty()) return *why = t->error(), nullptr;
  return t;
}

ModelTokenizerLoad tokenizer_from_json_file_cached(const std::string& path, const std::string& cache_dir,
                                                   TokenizerCacheUse* use, CacheRead read) {
  TokenizerCacheUse local;
  TokenizerCacheUse& u = use ? *use : local;
  u = {};
  Header want{};
  if (cache_dir.empty() || !expected_header(path, kMaxTokenizerJsonBytes, want)) return tokenizer_from_json_file(path);
  const std::string file = tokenizer_cache_file(path, cache_dir);
  // A cache is about its JSON's size (IDs in 4 bytes, not as text, and the indexes: Llama-3's
  // 9.1 MB tokenizer.json makes 11 MB): four times it is a generous cap.
  const size_t cap = 4 * want.source_size + (1u << 20);
  if (auto t = read_cache(file, want, cap, read, &u.why)) {
    u.outcome = TokenizerCacheUse::Hit;
    return {std::move(t), ""};
  }
  const SmallFileRead f = read_small_file(path, kMaxTokenizerJsonBytes);
  if (!f.ok()) return tokenizer_from_json_file(path);
  // The bytes parsed are the ones the cache is keyed by (the file may have changed since).
  want.source_size = f.text.size();
  want.source_hash = hash_chunks(f.text);
  const bool rejected = !u.why.empty();
  ModelTokenizerLoad l = tokenizer_from_json(f.text, path);
  if (!l.tokenizer) return l;
  const std::string payload = cache_payload(*l.tokenizer);
  Header h = want;
  h.payload_size = payload.size();
  h.payload_hash = hash_bytes(payload);
  std::string bytes(reinterpret_cast<const char*>(&h), sizeof h);
  bytes += payload;
  std::string err = bytes.size() > cap ? "it would be larger than its cap" : make_folders(cache_dir);
  if (err.empty()) err = write_small_file(file, bytes);
  u.outcome = !err.empty() ? TokenizerCacheUse::NotWritten
              : rejected   ? TokenizerCacheUse::Rewritten
                           : TokenizerCacheUse::Written;
  if (!err.empty()) u.why = err;
  return l;
}

}  // namespace lv
