// slide_code.cpp — live Python snippets for the code panel.
#include "app/slides/slide_code.hpp"
#include "app/slides/slides.hpp"

#include <cstdio>

#include "core/tokenizer/bpe_vocab.hpp"
#include "core/torch/notebook_transcript.hpp"
#include "core/torch/python_literal.hpp"
#include "core/text/text_format.hpp"
#include "core/text/utf8_text.hpp"
#include "core/tokenizer/tokenizer.hpp"

namespace lv::app {

std::string code_make_embedding(const SlideContext& cx) {
  char buf[256];
  const Derived& d = cx.model.derived;
  std::string s = "import torch\n\n" + code_idx(cx);
  if (cx.model.inputs.file) {
    const TableFile& f = *cx.model.inputs.file;
    s += table_load_import(f) + "\n";
    s += table_load_code(f) + "\n";
    std::snprintf(buf, sizeof buf, "num_idx, out_dim = weights.shape   # %lld × %lld\n",
                  static_cast<long long>(d.vocab), static_cast<long long>(d.dim));
    s += buf;
    s += "embedding = torch.nn.Embedding.from_pretrained(weights, freeze=False)\n";
  } else {
    if (ids_from_text(cx.model.inputs) && d.vocab == static_cast<int64_t>(kGpt2VocabSize))
      std::snprintf(buf, sizeof buf, "num_idx = tokenizer.n_vocab        # 50,257: GPT-2's vocabulary\n");
    else if (cx.model.inputs.vocab_mode == VocabMode::FromIds)
      std::snprintf(buf, sizeof buf, "num_idx = max(idx) + 1            # %s: IDs 0..%lld\n",
                    count_text(d.vocab, "row").c_str(), static_cast<long long>(d.vocab - 1));
    else
      std::snprintf(buf, sizeof buf, "num_idx = %lld                     # a fixed vocabulary\n",
                    static_cast<long long>(d.vocab));
    s += buf;
    std::snprintf(buf, sizeof buf, "out_dim = %lld\n\n", static_cast<long long>(d.dim));
    s += buf;
    std::snprintf(buf, sizeof buf, "_ = torch.manual_seed(%s)\n", cx.model.inputs.seed_text.c_str());
    s += buf;
    std::snprintf(buf, sizeof buf, "embedding = torch.nn.Embedding(num_idx, out_dim)   # a %lld × %lld learned table\n",
                  static_cast<long long>(d.vocab), static_cast<long long>(d.dim));
    s += buf;
  }
  if (cx.model.inputs.dtype != TableDtype::Float32) {
    s += "embedding.weight.data = embedding.weight.data.to(" + std::string(torch_dtype_name(cx.model.inputs.dtype)) +
         ").float()   # rounded\n";
  }
  // Cells the user changed, written the way one would in torch, every one of them and
  // each value exactly (python_float_repr): the code rebuilds the very table shown.
  bool first = true;
  for (const auto& [k, value] : *cx.model.inputs.edits) {
    if (first) s += "with torch.no_grad():                # cells edited in the cx\n";
    first = false;
    s += "    embedding.weight[" + std::to_string(k / d.dim) + ", " + std::to_string(k % d.dim) +
         "] = " + python_float_repr(value) + "\n";
  }
  return s;
}

std::string code_idx(const SlideContext& cx) {
  if (!ids_from_text(cx.model.inputs)) return "idx = torch.tensor(" + python_list(cx.model.inputs.ids) + ")\n";
  // The IDs came from text: the book's tiktoken lines (chapter 2), or the table's own
  // tokenizer called as lookupviz calls it; the text as a literal.
  std::string s;
  for (const std::string& line : text_to_idx_code(cx.model.inputs.text, code_tokenizer(cx))) s += line + "\n";
  return s;
}

std::string code_onehot(const SlideContext& cx) {
  if (onehot_is_max_id(cx)) return "onehot = torch.nn.functional.one_hot(idx)   # num_classes = max(idx) + 1\n";
  return "onehot = torch.nn.functional.one_hot(idx, num_classes=num_idx)\n";
}

bool onehot_is_max_id(const SlideContext& cx) {
  return !cx.model.inputs.file && cx.model.inputs.vocab_mode == VocabMode::FromIds;
}

std::string code_num_idx(const SlideContext& cx) {
  if (onehot_is_max_id(cx)) return "";
  return "num_idx = " + std::to_string(cx.model.derived.vocab) +
         (cx.model.inputs.file ? "                        # the loaded table's rows\n"
                               : "                        # a fixed vocabulary\n");
}

TokenizerOrigin code_tokenizer(const SlideContext& cx) {
  return cx.model.model_tokenizer ? cx.model.model_tokenizer->origin() : TokenizerOrigin{};
}

std::string code_token_strings(const SlideContext& cx, const std::string& ids, std::string& setup) {
  const TokenizerOrigin t = code_tokenizer(cx);
  if (t.kind == TokenizerOrigin::Gguf) {
    setup = "from gguf import GGUFReader\nvocab = GGUFReader(" + python_path(t.path) +
            ").fields[\"tokenizer.ggml.tokens\"]\n";
    return "[bytes(vocab.parts[vocab.data[i]]).decode(errors=\"replace\") for i in " + ids + "]";
  }
  setup.clear();
  return "[tokenizer.id_to_token(i) for i in " + ids + "]";
}

std::string printed_token_strings(const SlideContext& cx, const IdList& ids) {
  std::string parts;
  for (int64_t id : ids)
    parts += (parts.empty() ? "" : ", ") + python_str_repr(utf8_replace_invalid(cx.model.tokenizer->token_symbols(id)));
  return "[" + parts + "]";
}

void append_repl(std::string& out, const char* expr, const std::string& printed) {
  out += ">>> ";
  out += expr;
  out += "\n";
  out += printed;
  out += "\n";
}

void withhold_printed(std::string& output, const std::array<const char*, 3>& printed) {
  std::string out;
  out.reserve(output.size());
  size_t at = 0;
  while (at < output.size()) {
    const size_t eol = output.find('\n', at);
    const size_t line_end = eol == std::string::npos ? output.size() : eol + 1;
    const std::string_view line(output.data() + at, line_end - at);
    out.append(line);
    at = line_end;
    if (line.substr(0, 4) != ">>> ") continue;
    bool hide = false;
    for (const char* name : printed) hide = hide || (name && line.find(name) != std::string_view::npos);
    if (!hide) continue;
    // Its value: every line up to the next ">>> ", or lookupviz's own "# " note, or the end.
    while (at < output.size() && output.compare(at, 4, ">>> ") != 0 && output.compare(at, 2, "# ") != 0) {
      const size_t e = output.find('\n', at);
      at = e == std::string::npos ? output.size() : e + 1;
    }
    out += kAfterYouAnswer;
    out += '\n';
  }
  output = std::move(out);
}

}  // namespace lv::app
