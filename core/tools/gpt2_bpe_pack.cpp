// gpt2_bpe_pack.cpp — build-time tool: reads assets/gpt2/encoder.json and vocab.bpe
// (checking their SHA-256 and that they agree), and writes the compact pack the app
// loads at start (core/tokenizer/bpe_vocab.hpp). Run by CMake; no network, no other input.
//   gpt2_bpe_pack ENCODER_JSON VOCAB_BPE OUT.bin
#include <cstdio>
#include <fstream>
#include <string>

#include "core/tokenizer/bpe_vocab.hpp"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: gpt2_bpe_pack ENCODER_JSON VOCAB_BPE OUT.bin\n");
    return 2;
  }
  const lv::VocabLoad v = lv::vocab_from_files(argv[1], argv[2]);
  if (!v.ok) {
    std::fprintf(stderr, "gpt2_bpe_pack: %s\n", v.error.c_str());
    return 1;
  }
  const std::string pack = lv::write_pack(v.vocab);
  if (!lv::read_pack(pack).ok) {  // what is written must read back
    std::fprintf(stderr, "gpt2_bpe_pack: the pack does not read back\n");
    return 1;
  }
  // Written next to the target and renamed, so a failed build never leaves half a pack.
  const std::string tmp = std::string(argv[3]) + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(pack.data(), static_cast<std::streamsize>(pack.size()));
    if (!out.flush()) {
      std::fprintf(stderr, "gpt2_bpe_pack: cannot write %s\n", tmp.c_str());
      return 1;
    }
  }
  if (std::rename(tmp.c_str(), argv[3]) != 0) {
    std::fprintf(stderr, "gpt2_bpe_pack: cannot write %s\n", argv[3]);
    return 1;
  }
  return 0;
}
