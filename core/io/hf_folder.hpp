// hf_folder.hpp — a Hugging Face model folder as a table: config.json (architectures,
// model_type, tie_word_embeddings) and either model.safetensors.index.json (weight_map:
// tensor name → shard file) or a single model.safetensors. The plan says which file
// holds the input embedding and which the output head; core/io/table_file's load_table
// opens a folder through it, mapping only the shard that holds the table (and the head's,
// for slide 8): no other shard is read.
//
// The folder is untrusted: config.json and the index are read bounded (read_small_file:
// a regular file, at most kMaxHfJsonBytes), their JSON strictly (core/io/json_reader); a
// shard must be a plain file name in the folder (no '/', not "." or ".."), so an index
// cannot point outside it. Symlinks are followed (the Hugging Face cache's snapshots are
// symlinks into its blobs); a loop is the system's error, in one sentence.
//
// parse_hf_config / parse_hf_index are the same code on text in memory (fuzz_hf_folder).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lv {

inline constexpr size_t kMaxHfJsonBytes = 64u << 20;  // config.json or the index: 64 MiB

struct HfConfig {
  std::string architecture;  // architectures[0] ("LlamaForCausalLM"); "" when absent
  std::string model_type;    // "llama", "gpt2", "gpt_neox", …; "" when absent
  bool tie = false;          // tie_word_embeddings
  bool tie_given = false;    // config.json says tie_word_embeddings at all
  // How the status line names the model: the architecture, else the model_type, else "".
  const std::string& name() const { return architecture.empty() ? model_type : architecture; }
};

struct HfConfigParse {
  bool ok = false;
  std::string error;  // one sentence when !ok
  HfConfig config;
};
HfConfigParse parse_hf_config(std::string_view json, const std::string& label = "config.json");

struct HfIndexParse {
  bool ok = false;
  std::string error;                                             // one sentence when !ok
  std::vector<std::pair<std::string, std::string>> weight_map;   // (tensor, shard), sorted by tensor
  const std::string* shard_of(const std::string& tensor) const;  // null when not in the map
};
// Every shard named is checked to be a plain file name (no '/', not "." or "..").
HfIndexParse parse_hf_index(std::string_view json, const std::string& label = "model.safetensors.index.json");

// The input embedding's names to look for, the architecture's own first (config's
// model_type / architectures), then the other known ones; and the output head's.
std::vector<std::string> hf_embedding_names(const HfConfig& c);
std::vector<std::string> hf_head_names(const HfConfig& c);
// A name that looks like an input embedding (…embed_tokens.weight, …wte.weight, …) among
// `names` when none of the known ones is there; "" when none.
std::string hf_embedding_like(const std::vector<std::string>& names);

// What opening a folder reads, decided from config.json and the index.
struct HfFolderPlan {
  bool ok = false;
  std::string error;   // one sentence when !ok
  std::string folder;  // as given, without a trailing '/'
  HfConfig config;
  bool sharded = false;            // through model.safetensors.index.json (else model.safetensors)
  std::string embed_name;          // the tensor (sharded: chosen here; single file: "" = choose from its names)
  std::string embed_shard;         // the file in the folder that holds it
  std::string head_name;           // sharded: the output head's tensor, "" when the index has none
  std::string head_shard;          //   and its file
  std::vector<std::string> names;  // the index's tensor names (sharded), for choosing and for errors
};
// want_name: FOLDER:NAME's NAME (a tensor of the index, or of model.safetensors).
HfFolderPlan plan_hf_folder(const std::string& folder, const std::optional<std::string>& want_name);
// The sentence when no embedding was found: what was looked for, and where.
std::string hf_no_embedding(const HfFolderPlan& p, const std::string& where);

}  // namespace lv
