#!/usr/bin/python3
"""run_code_panels.py — runs the code panels' Python ("The real code") in real PyTorch, many
snippets in one process (torch imports once: seconds, not minutes). Used by
tests/oracle/code_panels_test.cpp, which writes the snippets and compares the output.

  run_code_panels.py DIR N ASSETS_DIR
    reads DIR/0.py .. DIR/{N-1}.py, writes DIR/i.out (what the snippet printed) and, when
    it raised, DIR/i.err (the traceback).

Each snippet runs as if pasted into the Python REPL, in a fresh namespace: every top-level
expression statement whose value is not None is shown as ">>> <the expression>" (its
source, without the comment) and then repr(value) on its own lines; print() writes as usual.
That is the form of the panel's "What PyTorch prints".

Two modules the panels import are not in Debian; when they are missing, stand-ins are put
in their place (a real install is used when present):
  tiktoken     get_encoding("gpt2") is gpt2_bpe_reference.Gpt2Bpe over assets/gpt2, the
               tests' independent GPT-2 tokenizer (encode splits out <|endoftext|> as
               allowed_special does; decode replaces invalid UTF-8 as tiktoken does).
  safetensors  safetensors.torch.load_file(path) reads the header and the tensors with
               numpy (F64/F32/F16/BF16), as the format's spec lays them out.
"""
import ast
import contextlib
import io
import json
import os
import sys
import traceback
import types

import numpy
import torch


def tiktoken_stand_in(assets):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from gpt2_bpe_reference import Gpt2Bpe

    class Encoding:
        def __init__(self):
            self.bpe = Gpt2Bpe(assets)
            self.n_vocab = len(self.bpe.encoder)

        def encode(self, text, allowed_special=()):
            if "<|endoftext|>" in text and "<|endoftext|>" not in allowed_special:
                raise ValueError("the text holds <|endoftext|> and it is not allowed")
            return self.bpe.encode(text)

        def decode(self, ids):
            return self.bpe.decode_bytes(ids).decode("utf-8", errors="replace")

    module = types.ModuleType("tiktoken")
    encodings = {}

    def get_encoding(name):
        if name != "gpt2":
            raise ValueError("the stand-in knows only gpt2")
        if name not in encodings:
            encodings[name] = Encoding()
        return encodings[name]

    module.get_encoding = get_encoding
    return module


def safetensors_stand_in():
    def load_file(path):
        with open(path, "rb") as f:
            n = int.from_bytes(f.read(8), "little")
            header = json.loads(f.read(n))
            data = f.read()
        out = {}
        for name, t in header.items():
            if name == "__metadata__":
                continue
            begin, end = t["data_offsets"]
            raw = data[begin:end]
            shape = t["shape"]
            if t["dtype"] == "BF16":
                bits = numpy.frombuffer(raw, dtype="<u2").astype(numpy.uint32) << 16
                out[name] = torch.from_numpy(bits.view(numpy.float32).reshape(shape).copy()).to(torch.bfloat16)
            else:
                np_type = {"F64": "<f8", "F32": "<f4", "F16": "<f2"}[t["dtype"]]
                out[name] = torch.from_numpy(numpy.frombuffer(raw, dtype=np_type).reshape(shape).copy())
        return out

    package = types.ModuleType("safetensors")
    module = types.ModuleType("safetensors.torch")
    module.load_file = load_file
    package.torch = module
    return package, module


def install_stand_ins(assets):
    try:
        import tiktoken  # noqa: F401
    except ImportError:
        sys.modules["tiktoken"] = tiktoken_stand_in(assets)
    try:
        import safetensors.torch  # noqa: F401
    except ImportError:
        package, module = safetensors_stand_in()
        sys.modules["safetensors"] = package
        sys.modules["safetensors.torch"] = module


def run_as_repl(code):
    """What the REPL shows for `code`, pasted in: see the module's docstring."""
    tree = ast.parse(code, "<panel>")
    namespace = {"__name__": "__main__"}
    for node in tree.body:
        if isinstance(node, ast.Expr):
            value = eval(compile(ast.Expression(node.value), "<panel>", "eval"), namespace)
            if value is not None:
                print(">>> " + ast.get_source_segment(code, node))
                print(repr(value))
        else:
            exec(compile(ast.Module([node], []), "<panel>", "exec"), namespace)


def main():
    folder, count, assets = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    install_stand_ins(assets)
    for i in range(count):
        with open(os.path.join(folder, f"{i}.py"), encoding="utf-8") as f:
            code = f.read()
        out = io.StringIO()
        error = None
        with contextlib.redirect_stdout(out):
            try:
                run_as_repl(code)
            except Exception:  # the test reports it with the snippet
                error = traceback.format_exc()
        with open(os.path.join(folder, f"{i}.out"), "w", encoding="utf-8") as f:
            f.write(out.getvalue())
        if error:
            with open(os.path.join(folder, f"{i}.err"), "w", encoding="utf-8") as f:
                f.write(error)


if __name__ == "__main__":
    main()
