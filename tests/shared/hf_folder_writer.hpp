// hf_folder_writer.hpp — test input: Hugging Face model folders written byte by byte
// (config.json, model.safetensors or shards with model.safetensors.index.json), float32
// tensors whose values are known: value(tensor k, i, j) = k + i - 0.25 j (exact in float32).
#pragma once
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace lvtest {

struct HfTensor {
  std::string name;
  std::vector<int64_t> shape;  // 2-D for tables, any for the rest
  float base = 0.0f;           // value(i, j) = base + i - 0.25 j (flat index i·cols + j for other shapes)
};

inline float hf_value(float base, int64_t i, int64_t j) {
  return base + static_cast<float>(i) - 0.25f * static_cast<float>(j);
}

inline void hf_write(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A .safetensors file of float32 tensors.
inline std::string hf_safetensors(const std::vector<HfTensor>& ts) {
  std::string h = "{\"__metadata__\":{\"format\":\"pt\"}", data;
  for (const HfTensor& t : ts) {
    const size_t b = data.size();
    const int64_t cols = t.shape.size() == 2 ? t.shape[1] : 1;
    int64_t n = 1;
    for (int64_t d : t.shape) n *= d;
    for (int64_t k = 0; k < n; ++k) {
      const float v = hf_value(t.base, k / cols, k % cols);
      data.append(reinterpret_cast<const char*>(&v), 4);
    }
    std::string shape = "[";
    for (size_t k = 0; k < t.shape.size(); ++k) shape += (k ? "," : "") + std::to_string(t.shape[k]);
    h += ",\"" + t.name + "\":{\"dtype\":\"F32\",\"shape\":" + shape + "],\"data_offsets\":[" + std::to_string(b) +
         "," + std::to_string(data.size()) + "]}";
  }
  h += "}";
  while (h.size() % 8) h += ' ';
  std::string out;
  for (int i = 0; i < 8; ++i) out += static_cast<char>((static_cast<uint64_t>(h.size()) >> (8 * i)) & 0xFF);
  return out + h + data;
}

// A folder: config.json, then the shards (each a list of tensors) and, when there is more
// than one shard or `index` is asked for, model.safetensors.index.json.
struct HfFolderSpec {
  std::string config =
      R"({"architectures": ["LlamaForCausalLM"], "model_type": "llama", "tie_word_embeddings": false})";
  std::vector<std::vector<HfTensor>> shards;
  bool index = true;  // with one shard: model.safetensors alone when false
};

inline std::string hf_shard_name(size_t k, size_t n) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "model-%05zu-of-%05zu.safetensors", k + 1, n);
  return buf;
}

inline void hf_write_folder(const std::string& dir, const HfFolderSpec& s) {
  std::filesystem::create_directories(dir);
  hf_write(dir + "/config.json", s.config);
  if (!s.index && s.shards.size() == 1) {
    hf_write(dir + "/model.safetensors", hf_safetensors(s.shards[0]));
    return;
  }
  std::string map;
  for (size_t k = 0; k < s.shards.size(); ++k) {
    hf_write(dir + "/" + hf_shard_name(k, s.shards.size()), hf_safetensors(s.shards[k]));
    for (const HfTensor& t : s.shards[k])
      map += std::string(map.empty() ? "" : ",\n    ") + "\"" + t.name + "\": \"" + hf_shard_name(k, s.shards.size()) +
             "\"";
  }
  hf_write(dir + "/model.safetensors.index.json",
           "{\n  \"metadata\": {\"total_size\": 0},\n  \"weight_map\": {\n    " + map + "\n  }\n}\n");
}

// A Llama-shaped sharded folder: 3 shards, model.embed_tokens.weight (V × D, base 0.5) in
// the second, lm_head.weight (V × D, base 100) in the third, layers' tensors around them.
inline HfFolderSpec hf_llama_sharded(int64_t v, int64_t d) {
  HfFolderSpec s;
  s.shards = {{{"model.layers.0.self_attn.q_proj.weight", {d, d}, 7.0f}, {"model.norm.weight", {d}, 3.0f}},
              {{"model.layers.1.mlp.up_proj.weight", {2 * d, d}, 9.0f}, {"model.embed_tokens.weight", {v, d}, 0.5f}},
              {{"lm_head.weight", {v, d}, 100.0f}, {"model.layers.1.input_layernorm.weight", {d}, 1.0f}}};
  return s;
}

}  // namespace lvtest
