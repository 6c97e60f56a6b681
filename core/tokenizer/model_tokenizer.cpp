// model_tokenizer.cpp — see model_tokenizer.hpp.
#include "core/tokenizer/model_tokenizer.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/io/gguf_file.hpp"
#include "core/tokenizer/gguf_tokenizer.hpp"
#include "core/tokenizer/tokenizer_cache.hpp"
#include "core/tokenizer/tokenizer_json.hpp"

namespace lv {
namespace {

bool ends_with_gguf(const std::string& p) {
  if (p.size() < 5) return false;
  std::string tail = p.substr(p.size() - 5);
  for (char& c : tail) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return tail == ".gguf";
}

ModelTokenizerFind from_gguf(const std::string& path) {
  ModelTokenizerFind r;
  r.source = path;
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat st {};
  if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0) {
    if (fd >= 0) close(fd);
    return r;  // the table's loader says what is wrong with the file
  }
  const auto n = static_cast<size_t>(st.st_size);
  void* base = mmap(nullptr, n, PROT_READ, MAP_PRIVATE, fd, 0);
  if (base == MAP_FAILED) return close(fd), r;
  // The vocabulary's arrays are checked in the file but not copied, then read once from it
  // with pread into the tokenizer (issue 39: all the metadata copied, then the tokens copied
  // out of the copy, were held together at the peak); the header's pages go before that.
  GgufParse g = parse_gguf_header(static_cast<const uint8_t*>(base), n, path, kGgufStringsInFile);
  munmap(base, n);
  ModelTokenizerLoad l = g.ok ? tokenizer_from_gguf(std::move(g.header), path, {fd, n}) : ModelTokenizerLoad{};
  close(fd);
  if (!g.ok) return r;
  r.tokenizer = std::move(l.tokenizer);
  r.error = std::move(l.error);
  return r;
}

}  // namespace

namespace {
// One line, whatever the path holds.
ModelTokenizerFind one_line(ModelTokenizerFind r) {
  for (char& c : r.error)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
  return r;
}
ModelTokenizerFind find_in(const std::string& table_path, CacheRead read);
}  // namespace

ModelTokenizerFind find_model_tokenizer(const std::string& table_path, CacheRead read) {
  return one_line(find_in(table_path, read));
}

namespace {
ModelTokenizerFind find_in(const std::string& table_path, CacheRead read) {
  std::string path = table_path;
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) {  // FILE.gguf:NAME names a tensor in FILE.gguf
    const size_t colon = path.rfind(':');
    if (colon != std::string::npos && stat(path.substr(0, colon).c_str(), &st) == 0) path.resize(colon);
    else return {};
  }
  if (!S_ISDIR(st.st_mode) && ends_with_gguf(path)) return from_gguf(path);
  std::string json;
  if (S_ISDIR(st.st_mode)) json = path + (path.empty() || path.back() != '/' ? "/" : "") + "tokenizer.json";
  else {
    const size_t slash = path.rfind('/');
    json = slash == std::string::npos ? "tokenizer.json" : path.substr(0, slash + 1) + "tokenizer.json";
  }
  ModelTokenizerFind r;
  r.source = json;
  if (access(json.c_str(), F_OK) != 0) return r;
  // Parsed once, then read from the user's cache (issue 40 item 6: 234-317 ms a process).
  ModelTokenizerLoad l = tokenizer_from_json_file_cached(json, tokenizer_cache_dir(), nullptr, read);
  r.tokenizer = std::move(l.tokenizer);
  r.error = std::move(l.error);
  return r;
}
}  // namespace

}  // namespace lv
