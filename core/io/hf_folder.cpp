// hf_folder.cpp — a Hugging Face model folder's plan (see the header).
// Sections: 1. names shown  2. config.json  3. the index  4. which tensors  5. the folder
#include "core/io/hf_folder.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "core/io/json_reader.hpp"
#include "core/io/small_file.hpp"
#include "core/text/text_format.hpp"

namespace lv {
namespace {

// ---------------------------------------------------------------- 1. names shown

// Text from the folder as a message shows it: control characters as '?', at most 60
// bytes (cut at a UTF-8 boundary), so every sentence stays one short, safe line.
std::string shown(std::string_view s) {
  size_t cut = s.size();
  if (cut > 60) {
    cut = 60;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  }
  std::string r(s.substr(0, cut));
  for (char& c : r)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
  return cut < s.size() ? r + "…" : r;
}

std::string base_name(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  const std::string b = slash == std::string::npos ? path : path.substr(slash + 1);
  return b.empty() ? path : b;
}

// "a, b, c and 4 more"
std::string listed(const std::vector<std::string>& names, size_t most = 6) {
  std::string s;
  const size_t n = std::min(names.size(), most);
  for (size_t k = 0; k < n; ++k) s += (k ? ", " : "") + shown(names[k]);
  if (names.size() > n) s += " and " + std::to_string(names.size() - n) + " more";
  return s;
}

// ---------------------------------------------------------------- 2. config.json

// What the next JSON value is, by its first byte ("null", "a number", …), for a sentence
// on a key whose value has the wrong type.
const char* value_kind(JsonReader& js) {
  js.ws();
  const char c = js.i < js.s.size() ? js.s[js.i] : '\0';
  switch (c) {
    case 'n': return "null";
    case 't':
    case 'f': return "a boolean";
    case '"': return "a string";
    case '[': return "a list";
    case '{': return "an object";
    default: return (c == '-' || (c >= '0' && c <= '9')) ? "a number" : "not a JSON value";
  }
}

}  // namespace

HfConfigParse parse_hf_config(std::string_view json, const std::string& label) {
  HfConfigParse r;
  JsonReader js(json);
  auto bad = [&] {
    r.error = label + " is not valid JSON: " + js.error + ".";
    return r;
  };
  if (!js.expect('{')) return bad();
  bool have_arch = false, have_type = false;
  std::string problem;  // a key whose value has the wrong type: a sentence of its own (not a JSON error)
  auto wrong = [&](const std::string& key, const char* expected) {
    problem = label + " gives \"" + key + "\" as " + value_kind(js) + " where " + expected + " is expected.";
    return false;
  };
  const bool read = js.members([&](const std::string& key) {
    if (key == "architectures" && !have_arch) {
      have_arch = true;
      if (js.peek('n')) return js.skip();  // null: none named
      if (!js.peek('[')) return wrong(key, "a list of class names (strings)");
      ++js.i;
      for (bool first = true;; first = false) {
        if (js.peek(']')) {
          ++js.i;
          return true;
        }
        if (!first && !js.expect(',')) return false;
        if (!js.peek('"')) {
          problem = label + " lists " + value_kind(js) +
                    " in \"architectures\" where a class name (a string, e.g. \"LlamaForCausalLM\") is expected.";
          return false;
        }
        std::string a;
        if (!js.string(a)) return false;
        if (r.config.architecture.empty()) r.config.architecture = a;
      }
    }
    if (key == "model_type" && !have_type) {
      have_type = true;
      if (!js.peek('"')) return wrong(key, "a string (e.g. \"llama\")");
      return js.string(r.config.model_type);
    }
    if (key == "tie_word_embeddings" && !r.config.tie_given) {
      r.config.tie_given = true;
      js.ws();
      if (js.i >= json.size() || (json[js.i] != 't' && json[js.i] != 'f')) return wrong(key, "true or false");
      r.config.tie = json[js.i] == 't';
      return js.skip();  // checks the literal
    }
    if (key == "architectures" || key == "model_type" || key == "tie_word_embeddings")
      return js.err("\"" + key + "\" given twice");
    return js.skip();
  });
  if (!read || !js.at_end()) {
    if (!problem.empty()) {
      r.error = problem;
      return r;
    }
    return bad();
  }
  r.config.architecture = shown(r.config.architecture);
  r.config.model_type = shown(r.config.model_type);
  r.ok = true;
  return r;
}

// ---------------------------------------------------------------- 3. the index

const std::string* HfIndexParse::shard_of(const std::string& tensor) const {
  const auto at = std::lower_bound(weight_map.begin(), weight_map.end(), tensor,
                                   [](const auto& e, const std::string& t) { return e.first < t; });
  return at != weight_map.end() && at->first == tensor ? &at->second : nullptr;
}

HfIndexParse parse_hf_index(std::string_view json, const std::string& label) {
  HfIndexParse r;
  JsonReader js(json);
  auto bad = [&] {
    r.error = label + " is not valid JSON: " + js.error + ".";
    return r;
  };
  if (!js.expect('{')) return bad();
  bool have_map = false;
  std::string problem;  // a sentence of its own (not a JSON error)
  const bool read = js.members([&](const std::string& key) {
    if (key != "weight_map") return js.skip();  // "metadata": {"total_size": …}, anything else
    if (have_map) return js.err("\"weight_map\" given twice");
    have_map = true;
    if (!js.expect('{')) return false;
    return js.members([&](const std::string& tensor) {
      std::string shard;
      if (!js.string(shard)) return false;
      const bool plain = !shard.empty() && shard != "." && shard != ".." && shard.find('/') == std::string::npos &&
                         std::none_of(shard.begin(), shard.end(), [](char c) { return c == '\0'; });
      if (!plain) {
        problem = label + " puts tensor '" + shown(tensor) + "' in '" + shown(shard) +
                  "', which is not a file in the model's folder; lookupviz opens only the folder's own files.";
        return false;
      }
      r.weight_map.emplace_back(tensor, std::move(shard));
      return true;
    });
  });
  if (!read || !js.at_end()) {
    if (!problem.empty()) {
      r.error = problem;
      return r;
    }
    return bad();
  }
  if (!have_map) {
    r.error = label + " has no \"weight_map\" (the object naming the file of each tensor).";
    return r;
  }
  std::stable_sort(r.weight_map.begin(), r.weight_map.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (size_t k = 1; k < r.weight_map.size(); ++k)
    if (r.weight_map[k].first == r.weight_map[k - 1].first) {
      r.error = label + " names tensor '" + shown(r.weight_map[k].first) + "' twice.";
      return r;
    }
  r.ok = true;
  return r;
}

// ---------------------------------------------------------------- 4. which tensors

std::vector<std::string> hf_embedding_names(const HfConfig& c) {
  const std::string& t = c.model_type;
  const std::string& a = c.architecture;
  auto arch_is = [&](const char* prefix) { return a.rfind(prefix, 0) == 0; };
  std::vector<std::string> own;
  if (t == "gpt2" || t == "gptj" || t == "gpt_bigcode" || t == "mpt" || t == "codegen" || arch_is("GPT2") ||
      arch_is("GPTJ") || arch_is("GPTBigCode") || arch_is("MPT") || arch_is("CodeGen"))
    own = {"transformer.wte.weight", "wte.weight"};
  else if (t == "gpt_neox" || arch_is("GPTNeoX")) own = {"gpt_neox.embed_in.weight", "embed_in.weight"};
  else if (t == "opt" || arch_is("OPT")) own = {"model.decoder.embed_tokens.weight", "decoder.embed_tokens.weight"};
  else if (t == "bloom" || t == "falcon" || arch_is("Bloom") || arch_is("Falcon"))
    own = {"transformer.word_embeddings.weight", "word_embeddings.weight"};
  else if (t == "bert" || t == "roberta" || arch_is("Bert") || arch_is("Roberta"))
    own = {"bert.embeddings.word_embeddings.weight", "roberta.embeddings.word_embeddings.weight",
           "embeddings.word_embeddings.weight"};
  else if (t == "t5" || arch_is("T5")) own = {"shared.weight", "encoder.embed_tokens.weight"};
  else  // Llama, Mistral, Qwen2, Gemma, Phi-3, Mixtral, …
    own = {"model.embed_tokens.weight", "embed_tokens.weight"};
  for (const char* n :
       {"model.embed_tokens.weight", "transformer.wte.weight", "gpt_neox.embed_in.weight",
        "model.decoder.embed_tokens.weight", "transformer.word_embeddings.weight",
        "model.language_model.embed_tokens.weight", "language_model.model.embed_tokens.weight", "embed_tokens.weight",
        "wte.weight", "word_embeddings.weight", "tok_embeddings.weight", "embed_in.weight",
        "embeddings.word_embeddings.weight", "shared.weight", "tok_embeddings", "embed_tokens", "wte"})
    if (std::find(own.begin(), own.end(), n) == own.end()) own.emplace_back(n);
  return own;
}

std::vector<std::string> hf_head_names(const HfConfig& c) {
  if (c.model_type == "gpt_neox" || c.architecture.rfind("GPTNeoX", 0) == 0)
    return {"embed_out.weight", "lm_head.weight"};
  return {"lm_head.weight", "embed_out.weight", "output.weight"};
}

std::string hf_embedding_like(const std::vector<std::string>& names) {
  for (const char* suffix :
       {"embed_tokens.weight", "wte.weight", "word_embeddings.weight", "embed_in.weight", "tok_embeddings.weight"})
    for (const std::string& n : names) {
      const size_t k = std::strlen(suffix);
      if (n.size() >= k && n.compare(n.size() - k, k, suffix) == 0 &&
          (n.size() == k || n[n.size() - k - 1] == '.' || n[n.size() - k - 1] == '_'))
        return n;
    }
  return "";
}

std::string hf_no_embedding(const HfFolderPlan& p, const std::string& where) {
  const std::vector<std::string> looked = hf_embedding_names(p.config);
  std::string s = base_name(p.folder) + " has no input embedding that lookupviz knows";
  if (!p.config.name().empty()) s += " for " + p.config.name();
  s += ": " + where + " has none of " + listed(looked, 5) + " (nor a name ending in embed_tokens.weight or wte.weight)";
  if (!p.names.empty()) s += "; it has " + listed(p.names, 4);
  return s + ". Open FOLDER:NAME to pick a tensor.";
}

// ---------------------------------------------------------------- 5. the folder

namespace {

// "" when folder/name is a file (a symlink is followed); else why not, as a clause.
std::string file_problem(const std::string& path) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0) return std::strerror(errno);
  if (S_ISDIR(st.st_mode)) return "it is a folder, not a file";
  if (!S_ISREG(st.st_mode)) return "it is not a regular file";
  return "";
}

}  // namespace

HfFolderPlan plan_hf_folder(const std::string& folder_in, const std::optional<std::string>& want_name) {
  HfFolderPlan p;
  p.folder = folder_in;
  while (p.folder.size() > 1 && p.folder.back() == '/') p.folder.pop_back();
  const std::string label = base_name(p.folder);
  auto fail = [&](std::string why) {
    p.ok = false;
    p.error = std::move(why);
    return p;
  };
  const std::string config_path = p.folder + "/config.json";
  const SmallFileRead cfg = read_small_file(config_path, kMaxHfJsonBytes);
  if (cfg.status == SmallFileRead::Missing)
    return fail(p.folder + " is a folder, not a table file, and not a Hugging Face model folder (it has no "
                           "config.json).");
  if (!cfg.ok()) return fail("Cannot read " + label + "/config.json: " + cfg.reason + ".");
  const HfConfigParse c = parse_hf_config(cfg.text, label + "/config.json");
  if (!c.ok) return fail(c.error);
  p.config = c.config;

  const std::string index_name = "model.safetensors.index.json";
  const SmallFileRead idx = read_small_file(p.folder + "/" + index_name, kMaxHfJsonBytes);
  if (idx.status == SmallFileRead::Missing) {
    // One file: model.safetensors (its tensors are chosen from its header by the loader).
    if (const std::string why = file_problem(p.folder + "/model.safetensors"); !why.empty()) {
      if (file_problem(p.folder + "/pytorch_model.bin").empty() || file_problem(p.folder + "/model.bin").empty())
        return fail(label + " holds its weights as a PyTorch pickle (pytorch_model.bin), not safetensors; lookupviz "
                            "reads model.safetensors or the shards of model.safetensors.index.json.");
      return fail(label + " has config.json but neither model.safetensors nor " + index_name +
                  " (model.safetensors: " + why + ").");
    }
    p.embed_shard = "model.safetensors";
    if (want_name) p.embed_name = *want_name;
    p.ok = true;
    return p;
  }
  if (!idx.ok()) return fail("Cannot read " + label + "/" + index_name + ": " + idx.reason + ".");
  const HfIndexParse ix = parse_hf_index(idx.text, label + "/" + index_name);
  if (!ix.ok) return fail(ix.error);
  p.sharded = true;
  p.names.reserve(ix.weight_map.size());
  for (const auto& e : ix.weight_map) p.names.push_back(e.first);

  if (want_name) {
    if (!ix.shard_of(*want_name))
      return fail(label + "/" + index_name + " has no tensor '" + shown(*want_name) + "'; it has " +
                  listed(p.names, 8) + ".");
    p.embed_name = *want_name;
  } else {
    for (const std::string& n : hf_embedding_names(p.config))
      if (ix.shard_of(n)) {
        p.embed_name = n;
        break;
      }
    if (p.embed_name.empty()) p.embed_name = hf_embedding_like(p.names);
    if (p.embed_name.empty()) return fail(hf_no_embedding(p, index_name));
  }
  p.embed_shard = *ix.shard_of(p.embed_name);
  for (const std::string& n : hf_head_names(p.config))
    if (const std::string* s = ix.shard_of(n); s && n != p.embed_name) {
      p.head_name = n;
      p.head_shard = *s;
      break;
    }
  p.ok = true;
  return p;
}

}  // namespace lv
