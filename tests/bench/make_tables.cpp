// make_tables.cpp — lookupviz_make_tables DIR: the big tables of the scale benchmark,
// written once with random data (bench.sh reuses them):
//   gpt2-wte.npy               GPT-2 small's token table, 50,257 × 768 float32 (154 MB)
//   gpt2-small.safetensors     all 148 of GPT-2 small's tensors, names and shapes, F32
//                              (498 MB): opened as FILE:wte.weight
//   llama3-8b-embed.safetensors  Llama-3-8B's token table, 128,256 × 4,096 BF16 (1.05 GB)
//   llama3-8b-q4_k_m.gguf      Llama-3-8B Q4_K_M's token_embd.weight: 128,256 × 4,096 in Q4_K
//                              (GGUF v3; 2,304 bytes a row, 295.5 MB), random valid blocks
// Values are N(0, 0.02)-like from a fixed xorshift (what matters is the size and layout).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace {

struct Rng {
  uint64_t s = 0x9e3779b97f4a7c15ull;
  float next() {  // roughly uniform in [-0.06, 0.06)
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return (static_cast<float>(s >> 40) / 16777216.0f - 0.5f) * 0.12f;
  }
};

bool exists(const std::string& p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0 && st.st_size > 0;
}

// Writes n values of `bytes_per` bytes each in blocks (floats, or bf16's top halves).
bool write_values(FILE* f, uint64_t n, int bytes_per, Rng& rng) {
  std::vector<uint8_t> block(1 << 20);
  while (n > 0) {
    const uint64_t k = std::min<uint64_t>(n, block.size() / static_cast<size_t>(bytes_per));
    for (uint64_t i = 0; i < k; ++i) {
      const float v = rng.next();
      uint32_t b;
      std::memcpy(&b, &v, 4);
      if (bytes_per == 4) std::memcpy(&block[i * 4], &b, 4);
      else {
        const uint16_t h = static_cast<uint16_t>(b >> 16);
        std::memcpy(&block[i * 2], &h, 2);
      }
    }
    if (std::fwrite(block.data(), static_cast<size_t>(bytes_per), k, f) != k) return false;
    n -= k;
  }
  return true;
}

bool write_npy(const std::string& path, int64_t rows, int64_t cols) {
  std::string h = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " +
                  std::to_string(cols) + "), }";
  while ((10 + h.size() + 1) % 64 != 0) h += ' ';
  h += '\n';
  FILE* f = std::fopen((path + ".part").c_str(), "wb");
  if (!f) return false;
  const char magic[8] = {'\x93', 'N', 'U', 'M', 'P', 'Y', 1, 0};
  const uint8_t len[2] = {static_cast<uint8_t>(h.size() & 0xff), static_cast<uint8_t>(h.size() >> 8)};
  Rng rng;
  const bool ok = std::fwrite(magic, 1, 8, f) == 8 && std::fwrite(len, 1, 2, f) == 2 &&
                  std::fwrite(h.data(), 1, h.size(), f) == h.size() &&
                  write_values(f, static_cast<uint64_t>(rows * cols), 4, rng);
  return std::fclose(f) == 0 && ok && std::rename((path + ".part").c_str(), path.c_str()) == 0;
}

struct Tensor {
  std::string name;
  std::vector<int64_t> shape;
};

bool write_safetensors(const std::string& path, const std::vector<Tensor>& ts, const char* dtype, int bytes_per) {
  std::string h = "{";
  uint64_t at = 0;
  for (size_t i = 0; i < ts.size(); ++i) {
    uint64_t n = 1;
    std::string shape;
    for (size_t k = 0; k < ts[i].shape.size(); ++k) {
      n *= static_cast<uint64_t>(ts[i].shape[k]);
      shape += (k ? "," : "") + std::to_string(ts[i].shape[k]);
    }
    const uint64_t end = at + n * static_cast<uint64_t>(bytes_per);
    h += (i ? "," : "") + std::string("\"") + ts[i].name + "\":{\"dtype\":\"" + dtype + "\",\"shape\":[" + shape +
         "],\"data_offsets\":[" + std::to_string(at) + "," + std::to_string(end) + "]}";
    at = end;
  }
  h += "}";
  while (h.size() % 8 != 0) h += ' ';
  FILE* f = std::fopen((path + ".part").c_str(), "wb");
  if (!f) return false;
  uint8_t len[8];
  for (int i = 0; i < 8; ++i) len[i] = static_cast<uint8_t>(static_cast<uint64_t>(h.size()) >> (8 * i));
  Rng rng;
  bool ok = std::fwrite(len, 1, 8, f) == 8 && std::fwrite(h.data(), 1, h.size(), f) == h.size();
  for (const Tensor& t : ts) {
    uint64_t n = 1;
    for (int64_t d : t.shape) n *= static_cast<uint64_t>(d);
    ok = ok && write_values(f, n, bytes_per, rng);
  }
  return std::fclose(f) == 0 && ok && std::rename((path + ".part").c_str(), path.c_str()) == 0;
}

// A GGUF v3 file of one tensor, token_embd.weight, rows × cols in Q4_K (ggml type 12):
// random valid blocks (d and dmin finite float16 in [2^-10, 2^-9), scales and quants any bits).
bool write_gguf_q4_k(const std::string& path, uint64_t rows, uint64_t cols) {
  std::string h = "GGUF";
  auto put = [&](uint64_t v, int n) {
    for (int i = 0; i < n; ++i) h += static_cast<char>((v >> (8 * i)) & 0xFF);
  };
  put(3, 4), put(1, 8), put(1, 8);  // version, tensors, metadata entries
  const std::string key = "general.architecture", arch = "llama", name = "token_embd.weight";
  put(key.size(), 8), h += key, put(8, 4), put(arch.size(), 8), h += arch;  // a string value
  put(name.size(), 8), h += name, put(2, 4), put(cols, 8), put(rows, 8), put(12, 4), put(0, 8);
  h.resize((h.size() + 31) / 32 * 32, '\0');  // general.alignment's default, 32
  FILE* f = std::fopen((path + ".part").c_str(), "wb");
  if (!f) return false;
  bool ok = std::fwrite(h.data(), 1, h.size(), f) == h.size();
  constexpr size_t kBlock = 144;  // d, dmin (float16), scales[12], qs[128]
  std::vector<uint8_t> buf(kBlock * 4096);
  uint64_t blocks = rows * (cols / 256), x = 0x9e3779b97f4a7c15ull;
  while (ok && blocks > 0) {
    const uint64_t k = std::min<uint64_t>(blocks, buf.size() / kBlock);
    for (uint64_t b = 0; b < k; ++b) {
      uint8_t* p = &buf[b * kBlock];
      for (size_t i = 0; i < kBlock; i += 8) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        std::memcpy(p + i, &x, std::min<size_t>(8, kBlock - i));
      }
      const uint16_t d = static_cast<uint16_t>(0x1400 | (p[0] & 0x3FF)),
                     dmin = static_cast<uint16_t>(0x1400 | (p[2] & 0x3FF));
      std::memcpy(p, &d, 2), std::memcpy(p + 2, &dmin, 2);
    }
    ok = std::fwrite(buf.data(), kBlock, k, f) == k;
    blocks -= k;
  }
  return std::fclose(f) == 0 && ok && std::rename((path + ".part").c_str(), path.c_str()) == 0;
}

// GPT-2 small's 148 tensors as its model.safetensors names them (no attention-mask buffers).
std::vector<Tensor> gpt2_small() {
  std::vector<Tensor> ts = {{"wte.weight", {50257, 768}}, {"wpe.weight", {1024, 768}}};
  for (int b = 0; b < 12; ++b) {
    const std::string p = "h." + std::to_string(b) + ".";
    for (const Tensor& t : std::vector<Tensor>{{"ln_1.weight", {768}},
                                               {"ln_1.bias", {768}},
                                               {"attn.c_attn.weight", {768, 2304}},
                                               {"attn.c_attn.bias", {2304}},
                                               {"attn.c_proj.weight", {768, 768}},
                                               {"attn.c_proj.bias", {768}},
                                               {"ln_2.weight", {768}},
                                               {"ln_2.bias", {768}},
                                               {"mlp.c_fc.weight", {768, 3072}},
                                               {"mlp.c_fc.bias", {3072}},
                                               {"mlp.c_proj.weight", {3072, 768}},
                                               {"mlp.c_proj.bias", {768}}})
      ts.push_back({p + t.name, t.shape});
  }
  ts.push_back({"ln_f.weight", {768}});
  ts.push_back({"ln_f.bias", {768}});
  return ts;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: lookupviz_make_tables DIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  mkdir(dir.c_str(), 0755);
  bool ok = true;
  const std::string npy = dir + "/gpt2-wte.npy", st = dir + "/gpt2-small.safetensors",
                    llama = dir + "/llama3-8b-embed.safetensors", q4k = dir + "/llama3-8b-q4_k_m.gguf";
  if (!exists(npy)) ok &= write_npy(npy, 50257, 768);
  if (!exists(st)) ok &= write_safetensors(st, gpt2_small(), "F32", 4);
  if (!exists(llama)) ok &= write_safetensors(llama, {{"model.embed_tokens.weight", {128256, 4096}}}, "BF16", 2);
  if (!exists(q4k)) ok &= write_gguf_q4_k(q4k, 128256, 4096);
  if (!ok) {
    std::fprintf(stderr, "lookupviz_make_tables: could not write the tables into %s\n", dir.c_str());
    return 1;
  }
  std::printf("%s\n%s:wte.weight\n%s\n%s\n", npy.c_str(), st.c_str(), llama.c_str(), q4k.c_str());
  return 0;
}
