#!/usr/bin/python3
"""What real PyTorch prints for the notebook's steps on a table loaded from a file
(`lookupviz --print --weights FILE[:NAME]`): the reference for those transcripts,
as shared/tools/torch-oracle is for seeded tables. Run with Debian's /usr/bin/python3.

  weights_oracle.py --weights t.npy --ids 2,3,1 [--seed 123] [--dtype float16]
  weights_oracle.py --weights m.safetensors:wte --ids 0,5
  weights_oracle.py --weights m.gguf[:NAME] --gguf-table t.npy --ids 0,5
  weights_oracle.py --weights MODEL_FOLDER --ids 0,5     (a Hugging Face folder, sharded or not)
(a .gguf's table is the one gguf-oracle dequantized into t.npy: ggml's values, as
gguf-py's dequantize gives them, without gguf-py)
"""
import argparse
import json
import os
import struct
import sys

import numpy
import torch

ST_DTYPES = {"F32": torch.float32, "F16": torch.float16, "BF16": torch.bfloat16, "F64": torch.float64}


def load_safetensors(path: str, name: str) -> torch.Tensor:
    # The format (a u64 header length, a JSON header, raw little-endian data), read
    # without the safetensors package so the oracle needs only numpy and torch.
    with open(path, "rb") as f:
        blob = f.read()
    (n,) = struct.unpack("<Q", blob[:8])
    header = json.loads(blob[8:8 + n])
    info = header[name]
    begin, end = info["data_offsets"]
    data = bytearray(blob[8 + n + begin:8 + n + end])
    t = torch.frombuffer(data, dtype=ST_DTYPES[info["dtype"]]) if data else torch.empty(0, dtype=ST_DTYPES[info["dtype"]])
    return t.reshape(info["shape"])


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--weights", required=True)
    p.add_argument("--seed", type=int, default=123)
    p.add_argument("--ids", default="2,3,1")
    p.add_argument("--dtype", default="float32")
    p.add_argument("--gguf-table", default="", help="for a .gguf: its tensor as gguf-oracle dequant wrote it")
    a = p.parse_args()
    torch.set_num_threads(1)
    ids = [int(s) for s in a.ids.replace(" ", "").split(",") if s != ""]

    def say(code, value=None):
        print(">>> " + code)
        if value is not None:
            print(repr(value))

    spec = a.weights
    if os.path.exists(spec) or ":" not in spec:
        path, name = spec, ""
    else:
        path, name = spec.rsplit(":", 1)
    if os.path.isdir(path):
        # A Hugging Face folder: the input embedding's shard through the index, read with
        # the format alone (safe_open's lines are what lookupviz prints; safetensors is
        # not needed here).
        folder = path.rstrip("/")
        config = json.load(open(os.path.join(folder, "config.json")))
        index_path = os.path.join(folder, "model.safetensors.index.json")
        names = ["model.embed_tokens.weight", "transformer.wte.weight", "gpt_neox.embed_in.weight"]
        if os.path.exists(index_path):
            weight_map = json.load(open(index_path))["weight_map"]
            name = name or next(n for n in names if n in weight_map)
            shard = weight_map[name]
            say(f"shard = json.load(open({(folder + '/model.safetensors.index.json')!r}))['weight_map'][{name!r}]")
            say(f"weights = safe_open({(folder + '/')!r} + shard, framework='pt').get_tensor({name!r}).float()")
        else:
            shard = "model.safetensors"
            with open(os.path.join(folder, shard), "rb") as f:
                (n,) = struct.unpack("<Q", f.read(8))
                header = json.loads(f.read(n))
            name = name or next(n for n in names if n in header)
            say(f"weights = safe_open({(folder + '/' + shard)!r}, framework='pt').get_tensor({name!r}).float()")
        del config
        weights = load_safetensors(os.path.join(folder, shard), name).float()
    elif a.gguf_table:
        name = name or "token_embd.weight"
        weights = torch.from_numpy(numpy.load(a.gguf_table)).float()
        say(f"weights = torch.from_numpy(gguf.dequantize(*next((t.data, t.tensor_type) for t in "
            f"gguf.GGUFReader({path!r}).tensors if t.name == {name!r}))).float()")
    elif path.endswith(".safetensors") and not name:
        # Without NAME, the file's only 2-D tensor (lookupviz asks when there are several).
        with open(path, "rb") as f:
            (n,) = struct.unpack("<Q", f.read(8))
            header = json.loads(f.read(n))
        two_d = sorted(k for k, v in header.items() if k != "__metadata__" and len(v["shape"]) == 2)
        if len(two_d) != 1:
            sys.exit(f"{path} holds {len(two_d)} 2-D tensors; name one")
        name = two_d[0]
    if a.gguf_table or os.path.isdir(path):
        pass
    elif name:
        weights = load_safetensors(path, name).float()
        say(f"weights = safetensors.torch.load_file({path!r})[{name!r}].float()")
    else:
        weights = torch.from_numpy(numpy.load(path)).float()
        say(f"weights = torch.from_numpy(numpy.load({path!r})).float()")
    embedding = torch.nn.Embedding.from_pretrained(weights, freeze=False)
    say("embedding = torch.nn.Embedding.from_pretrained(weights, freeze=False)")
    if a.dtype != "float32":
        embedding.weight.data = embedding.weight.data.to(getattr(torch, a.dtype)).float()
        say(f"embedding.weight.data = embedding.weight.data.to(torch.{a.dtype}).float()")
    say("embedding.weight", embedding.weight)
    num_idx, out_dim = embedding.weight.shape

    idx = torch.tensor(ids, dtype=torch.long)
    say(f"idx = torch.tensor({ids})")
    say("embedding(idx)", embedding(idx))
    onehot = torch.nn.functional.one_hot(idx, num_classes=num_idx)
    say(f"onehot = torch.nn.functional.one_hot(idx, num_classes={num_idx})")
    say("onehot", onehot)
    torch.manual_seed(a.seed)
    linear = torch.nn.Linear(num_idx, out_dim, bias=False)
    say(f"_ = torch.manual_seed({a.seed}); linear = torch.nn.Linear({num_idx}, {out_dim}, bias=False)")
    say("linear.weight", linear.weight)
    linear.weight = torch.nn.Parameter(embedding.weight.T)
    say("linear.weight = torch.nn.Parameter(embedding.weight.T)")
    out = linear(onehot.float())
    say("linear(onehot.float())", out)
    say("torch.equal(linear(onehot.float()), embedding(idx))", torch.equal(out, embedding(idx)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
