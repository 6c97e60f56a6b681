// tokenizer_cache.hpp — a model's tokenizer.json, parsed once, kept in the user's cache
// folder (issue 40 item 6): each `lookupviz --tokenize` is a process of its own, and parsing
// Llama-3's 9 MB file took 234-317 ms of each. The cache file holds the parsed spec
// (spec_codec.hpp) behind a 64-byte header keyed by
//   the tokenizer.json's size, its modification time and a hash of its bytes (read and
//     hashed on every open: ~2 ms for 9 MB, so an edit within the clock's resolution is seen),
//   this lookupviz executable's size and modification time (another build may parse
//     differently: its cache is not trusted),
// and a hash of the payload (a damaged file is rejected, not decoded). The payload holds the
// tokenizer's indexes as built, read in place (BpeIndexes), each checked in range. Anything that does
// not match, cannot be read or does not decode is rejected and the cache written again
// from the JSON; a cache that cannot be written is no error (the tokenizer still opens).
//
// Where: $LOOKUPVIZ_TOKENIZER_CACHE when set ("off": no cache; else a folder), else
// $XDG_CACHE_HOME/lookupviz/tokenizers (an absolute XDG_CACHE_HOME only), else
// ~/.cache/lookupviz/tokenizers; one file per tokenizer.json path, written atomically (a
// temporary file renamed over it: core/io/small_file.hpp), folders created 0700.
#pragma once
#include <memory>
#include <string>
#include <string_view>

#include "core/tokenizer/tokenizer_json.hpp"

namespace lv {

// The folder, from the environment ("" when the cache is off or there is no home).
std::string tokenizer_cache_dir();

struct TokenizerCacheUse {
  enum Outcome {
    Off,        // no cache folder
    Hit,        // read from the cache
    Written,    // parsed, and the cache written
    Rewritten,  // a cache file was there but rejected (`why`); parsed and written again
    NotWritten  // parsed; the cache could not be written (`why`)
  } outcome = Off;
  std::string why;
};

// How a cache file is opened: copied into memory (a window, which keeps its tokenizer while
// files change around it), or mapped and used in place (a process that prints and exits: its
// 11 MB are not copied, nor its indexes built; a cache file cut short under it would end it
// with SIGBUS, and lookupviz only ever replaces one by renaming a new file over it).
enum class CacheRead { Copy, Mapped };

// tokenizer_from_json_file(path), through the cache in `cache_dir` ("" for none).
ModelTokenizerLoad tokenizer_from_json_file_cached(const std::string& path, const std::string& cache_dir,
                                                   TokenizerCacheUse* use = nullptr, CacheRead read = CacheRead::Copy);

// A cache file's payload: the spec's size (8 bytes), the spec, the indexes (8-aligned from
// the payload's start, which must be 8-aligned in memory). The tokenizer made from one keeps
// `keep` (what holds the payload's bytes); null with *why when it is damaged or hostile.
// cache_payload of a tokenizer that was itself read from a cache is "" (its spec lacks the
// tokens and merges it reads in place).
std::string cache_payload(const BpeTokenizer& t);
std::shared_ptr<const BpeTokenizer> tokenizer_from_cache_payload(std::string_view payload,
                                                                 std::shared_ptr<const void> keep, std::string* why);

// The cache file for `path` in `cache_dir` (for tests that damage it).
std::string tokenizer_cache_file(const std::string& path, const std::string& cache_dir);

}  // namespace lv
