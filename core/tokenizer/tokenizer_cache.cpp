// tokenizer_cache.cpp — see tokenizer_cache.hpp.
#include "core/tokenizer/tokenizer_cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/io/small_file.hpp"
#include "core/tokenizer/flat_index.hpp"
#include "core/tokenizer/spec_codec.hpp"

namespace lv {
namespace {

// C2: the payload holds the models besides BPE and the post-processor's special tokens (a C1
// file, from before them, is rejected and written again).
constexpr char kMagic[8] = {'L', 'V', 'T', 'O', 'K', 'C', '2', '\n'};

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
// `cap` bytes, or cannot be read whole.
bool expected_header(const std::string& path, size_t cap, Header& h) {
  const int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  struct stat st {};
  if (fd < 0) return false;
  const bool regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && static_cast<uint64_t>(st.st_size) <= cap;
  std::string chunk(regular ? kChunk : 0, '\0');
  uint64_t hash = static_cast<uint64_t>(st.st_size), done = 0;
  while (regular && done < static_cast<uint64_t>(st.st_size)) {
    const ssize_t n = pread(fd, chunk.data(), std::min<uint64_t>(kChunk, st.st_size - done), static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    // A short read mid-chunk would hash differently from the same bytes in memory: read on
    // until the chunk is whole.
    size_t got = static_cast<size_t>(n);
    while (got < std::min<uint64_t>(kChunk, st.st_size - done)) {
      const ssize_t m = pread(fd, chunk.data() + got, std::min<uint64_t>(kChunk, st.st_size - done) - got,
                              static_cast<off_t>(done + got));
      if (m <= 0) break;
      got += static_cast<size_t>(m);
    }
    hash = hash_bytes(std::string_view(chunk.data(), got), hash);
    done += got;
  }
  close(fd);
  if (!regular || done != static_cast<uint64_t>(st.st_size)) return false;
  h = Header{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.build = build_key();
  h.source_size = done;
  h.source_mtime_ns = int64_t{st.st_mtim.tv_sec} * 1'000'000'000 + st.st_mtim.tv_nsec;
  h.source_hash = hash;
  return true;
}

// The cached tokenizer, or null with *why.
std::shared_ptr<const BpeTokenizer> read_cache(const std::string& file, const Header& want, size_t cap,
                                               std::string* why) {
  const SmallFileRead f = read_small_file(file, cap);
  if (f.status == SmallFileRead::Missing) return *why = "", nullptr;
  if (!f.ok()) return *why = f.reason, nullptr;
  Header h{};
  if (f.text.size() < sizeof h) return *why = "it is shorter than its header", nullptr;
  std::memcpy(&h, f.text.data(), sizeof h);
  const std::string_view payload = std::string_view(f.text).substr(sizeof h);
  if (std::memcmp(h.magic, want.magic, sizeof kMagic) != 0 || h.build != want.build)
    return *why = "another lookupviz wrote it", nullptr;
  if (h.source_size != want.source_size || h.source_mtime_ns != want.source_mtime_ns ||
      h.source_hash != want.source_hash)
    return *why = "the tokenizer.json has changed since", nullptr;
  if (h.payload_size != payload.size() || h.payload_hash != hash_bytes(payload))
    return *why = "it is damaged (its checksum does not match)", nullptr;
  BpeSpec spec;
  if (!decode_spec(payload, spec, why)) return nullptr;
  auto t = std::make_shared<const BpeTokenizer>(std::move(spec));
  if (!t->error().empty()) return *why = t->error(), nullptr;
  return t;
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

ModelTokenizerLoad tokenizer_from_json_file_cached(const std::string& path, const std::string& cache_dir,
                                                   TokenizerCacheUse* use) {
  TokenizerCacheUse local;
  TokenizerCacheUse& u = use ? *use : local;
  u = {};
  Header want{};
  if (cache_dir.empty() || !expected_header(path, kMaxTokenizerJsonBytes, want)) return tokenizer_from_json_file(path);
  const std::string file = tokenizer_cache_file(path, cache_dir);
  // A cache is smaller than its JSON (IDs in 4 bytes, not as text): twice it is a generous cap.
  const size_t cap = 2 * want.source_size + (1u << 20);
  if (auto t = read_cache(file, want, cap, &u.why)) {
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
  const std::string payload = encode_spec(l.tokenizer->spec());
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
