// notebook_transcript.cpp — the bonus notebook's steps, printed as torch-oracle
// prints them: each step's code after ">>> ", then repr() of its value. The numbers
// come from the core (torch-exact init, lookup, one-hot, matmul); the text from
// torch_format. Any change here must keep tests/golden/transcripts byte-identical.
#include "core/torch/notebook_transcript.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "core/torch/embedding_ops.hpp"
#include "core/torch/python_literal.hpp"
#include "core/io/table_view.hpp"
#include "core/text/text_format.hpp"
#include "core/text/utf8_text.hpp"
#include "core/torch/torch_format.hpp"
#include "core/torch/torch_generator.hpp"
#include "core/torch/torch_layers.hpp"

namespace lv {
namespace {

// torch-oracle's say(): the code line, then the value's repr on its own lines.
void say(std::string& out, const std::string& code) { out += ">>> " + code + "\n"; }
void say(std::string& out, const std::string& code, const std::string& value_repr) {
  say(out, code);
  out += value_repr;
  out += '\n';
}

}  // namespace

std::string python_list(const IdList& ids) {
  std::string s = "[";
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i > 0) s += ", ";
    s += std::to_string(ids[i]);
  }
  return s + "]";
}

std::string python_path(const std::string& path) {
  if (!utf8_error_offset(path)) return python_str_repr(path);
  std::string b = "os.fsdecode(b'";  // a bytes literal: every byte outside printable ASCII as \xNN
  char hex[8];
  for (const char c : path) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\\' || c == '\'') b += {'\\', c};
    else if (u >= 0x20 && u < 0x7F) b += c;
    else {
      std::snprintf(hex, sizeof hex, "\\x%02x", u);
      b += hex;
    }
  }
  return b + "')";
}

std::vector<std::string> tokenizer_code(const TokenizerOrigin& t) {
  std::vector<std::string> lines;
  if (t.kind != TokenizerOrigin::Gpt2 && utf8_error_offset(t.path)) lines.push_back("import os");  // os.fsdecode
  switch (t.kind) {
    case TokenizerOrigin::TokenizerJson:
      lines.push_back("from tokenizers import Tokenizer");
      lines.push_back("tokenizer = Tokenizer.from_file(" + python_path(t.path) + ")");
      break;
    case TokenizerOrigin::Gguf:
      lines.push_back("from llama_cpp import Llama");
      lines.push_back("tokenizer = Llama(model_path=" + python_path(t.path) + ", vocab_only=True, verbose=False)");
      break;
    case TokenizerOrigin::Gpt2:
      lines.push_back("import tiktoken");
      lines.push_back("tokenizer = tiktoken.get_encoding(\"gpt2\")");
      break;
  }
  return lines;
}

std::vector<std::string> text_to_idx_code(const std::string& text, const TokenizerOrigin& t) {
  std::vector<std::string> lines = tokenizer_code(t);
  lines.push_back("text = " + python_str_repr(text));
  switch (t.kind) {
    case TokenizerOrigin::TokenizerJson:
      lines.push_back("idx = torch.tensor(tokenizer.encode(text, add_special_tokens=False).ids)");
      break;
    case TokenizerOrigin::Gguf:
      lines.push_back("idx = torch.tensor(tokenizer.tokenize(text.encode(), add_bos=False, special=True))");
      break;
    case TokenizerOrigin::Gpt2:
      lines.push_back("idx = torch.tensor(tokenizer.encode(text, allowed_special={\"<|endoftext|>\"}))");
      break;
  }
  return lines;
}

std::string notebook_transcript(const NotebookCase& c) {
  const std::string seed = c.seed_text;
  const std::string v = std::to_string(c.vocab), d = std::to_string(c.dim);
  std::string out;

  // torch.manual_seed(seed); embedding = nn.Embedding(V, D)   -> weight V x D from N(0, 1)
  // (or a table from a file: Embedding.from_pretrained, trainable like the seeded one,
  // read where it lies — a 1 GB file is not copied to be printed).
  std::shared_ptr<const Matrix> seeded;
  std::shared_ptr<const TableFile> file;
  if (c.table) {
    for (size_t at = 0; at <= c.table_code.size();) {  // a folder's load is two lines
      const size_t nl = std::min(c.table_code.find('\n', at), c.table_code.size());
      say(out, c.table_code.substr(at, nl - at));
      at = nl + 1;
    }
    say(out, "embedding = torch.nn.Embedding.from_pretrained(weights, freeze=False)");
    file = std::shared_ptr<const TableFile>(c.table, [](const TableFile*) {});  // borrowed
  } else {
    say(out, "_ = torch.manual_seed(" + seed + ")");
    TorchGenerator gen_embedding(c.seed);
    seeded = std::make_shared<const Matrix>(embedding_init(c.vocab, c.dim, gen_embedding));
    say(out, "embedding = torch.nn.Embedding(" + v + ", " + d + ")");
  }
  if (c.dtype != TableDtype::Float32) {
    // The values a float16 / bfloat16 model would hold, computed on in float32.
    say(out,
        "embedding.weight.data = embedding.weight.data.to(" + std::string(torch_dtype_name(c.dtype)) + ").float()");
  }
  const TableView table(seeded, file, c.dtype, nullptr);
  const int64_t rows = table.rows(), cols = table.cols();
  say(out, "embedding.weight",
      repr_parameter_edges(edges_of<Matrix>(rows, cols, [&](int64_t r, int64_t k) { return table.at(r, k); }), rows,
                           cols));

  // The lookup: row i of the output is row ids[i] of the table (B x D).
  const Matrix looked_up = table.rows_of(c.ids);
  if (c.text) {
    for (const std::string& line : text_to_idx_code(*c.text, c.tokenizer)) say(out, line);
    say(out, "idx.tolist()", python_list(c.ids));  // the IDs the tokenizer gave
  } else {
    say(out, "idx = torch.tensor(" + python_list(c.ids) + ")");
  }
  say(out, "embedding(idx)", repr_tensor(looked_up, ReprSuffix{"EmbeddingBackward0", false, ""}));

  // The one-hot rows (B x V, int64), printed from its edges (V can be 128,256).
  const int64_t b = static_cast<int64_t>(c.ids.size());
  say(out, "onehot = torch.nn.functional.one_hot(idx, num_classes=" + v + ")");
  say(out, "onehot",
      repr_edges(
          edges_of<IntMatrix>(
              b, rows, [&](int64_t i, int64_t k) { return static_cast<int64_t>(c.ids[static_cast<size_t>(i)] == k); }),
          b, rows));

  // A fresh Linear(V, D) after re-seeding: its own Kaiming-uniform weight (D x V).
  TorchGenerator gen_linear(c.seed);
  // Only the printed edges are drawn and kept (a loaded table can be millions of rows).
  const Matrix linear_edges = linear_weight_edges(c.vocab, c.dim, gen_linear);
  say(out, "_ = torch.manual_seed(" + seed + "); linear = torch.nn.Linear(" + v + ", " + d + ", bias=False)");
  say(out, "linear.weight", repr_parameter_edges(linear_edges, c.dim, c.vocab));

  // Tied to the table (linear.weight = Wᵀ): X Wᵀᵀ = X W, the same numbers as the lookup
  // wherever every column is finite. The product's read of the whole table is the
  // count of non-finite values per column (core/io/table_view.hpp onehot_product).
  say(out, "linear.weight = torch.nn.Parameter(embedding.weight.T)");
  std::vector<int64_t> nonfinite;
  std::vector<float> scratch;
  count_nonfinite(table, 0, rows, nonfinite, scratch);
  const Matrix product = onehot_product(table, c.ids, looked_up, nonfinite);
  say(out, "linear(onehot.float())", repr_tensor(product, ReprSuffix{"MmBackward0", false, ""}));
  say(out, "torch.equal(linear(onehot.float()), embedding(idx))", torch_equal(product, looked_up) ? "True" : "False");
  return out;
}

namespace {

// Python's repr of a str: single quotes unless the text holds one and no double quote.
std::string python_str(const std::string& s) {
  const bool dq = s.find('\'') != std::string::npos && s.find('"') == std::string::npos;
  return escaped(s, dq ? '"' : '\'');
}

}  // namespace

std::string table_load_import(const TableFile& t) {
  if (t.folder.empty()) return table_load_import(t.named, t.gguf);
  return t.indexed ? "import json\nfrom safetensors import safe_open" : "from safetensors import safe_open";
}

std::string table_load_code(const TableFile& t, const std::string& var) {
  if (t.folder.empty()) {
    std::string line = table_load_code(t.path, t.name, t.named, t.gguf);
    return var == "weights" ? line : var + line.substr(std::string("weights").size());
  }
  // The folder's index names the shard; safe_open maps it and reads the one tensor (as lookupviz does).
  const std::string name = python_str(t.name);
  if (!t.indexed)
    return var + " = safe_open(" + python_str(t.folder + "/" + t.shard) + ", framework='pt').get_tensor(" + name +
           ").float()";
  return "shard = json.load(open(" + python_str(t.folder + "/model.safetensors.index.json") + "))['weight_map'][" +
         name + "]\n" + var + " = safe_open(" + python_str(t.folder + "/") + " + shard, framework='pt').get_tensor(" +
         name + ").float()";
}

const char* table_load_import(bool named, bool gguf) {
  return gguf ? "import gguf" : named ? "import safetensors.torch" : "import numpy";
}

std::string table_load_code(const std::string& path, const std::string& tensor_name) {
  return table_load_code(path, tensor_name, !tensor_name.empty());
}

std::string table_load_code(const std::string& path, const std::string& tensor_name, bool named, bool gguf) {
  if (gguf)
    return "weights = torch.from_numpy(gguf.dequantize(*next((t.data, t.tensor_type) for t in gguf.GGUFReader(" +
           python_str(path) + ").tensors if t.name == " + python_str(tensor_name) + "))).float()";
  if (!named) return "weights = torch.from_numpy(numpy.load(" + python_str(path) + ")).float()";
  return "weights = safetensors.torch.load_file(" + python_str(path) + ")[" + python_str(tensor_name) + "].float()";
}

}  // namespace lv
