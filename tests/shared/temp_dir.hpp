// temp_dir.hpp — a test's own folder under /tmp, removed with everything in it when the
// test ends, and a file written whole into it. Header-only; tests include it.
#pragma once
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace lv::test {

struct TempDir {
  std::string path;
  // prefix: what the folder's name starts with ("/tmp/PREFIX_XXXXXX"), for a leftover's owner.
  explicit TempDir(const std::string& prefix) {
    std::string tmpl = "/tmp/" + prefix + "_XXXXXX";
    path = mkdtemp(tmpl.data());
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string file(const std::string& name) const { return path + "/" + name; }
};

inline void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace lv::test
