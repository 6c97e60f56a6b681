#!/usr/bin/python3
"""Tiny real table files for core/io/table_file.cpp, written by numpy and torch, not by us.

Run:  /usr/bin/python3 tests/golden/tables/make_tables.py
Writes next to this script:
  *.npy            by numpy's own writer (np.save / np.lib.format.write_array), versions
                   1.0, 2.0 and 3.0, float32/float16/float64, C and Fortran order
  *.safetensors    the safetensors layout (8-byte little-endian header length, JSON header
                   padded with spaces to 8 bytes, then the data), tensors from torch; the
                   Python `safetensors` package is not in Debian, so the bytes are laid out
                   here exactly as its writer does
  expected.txt     per loadable spec: "table <spec> <rows> <cols> <dtype>" then the float32
                   bits of the table row-major, 8 per line, then "end" — the values numpy /
                   torch give for arr.astype(float32) / t.float()
"""
import json
import os
import struct
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))


def save_npy(name, arr, version):
    with open(os.path.join(HERE, name), "wb") as f:
        np.lib.format.write_array(f, arr, version=version, allow_pickle=False)


def save_safetensors(name, tensors, metadata=None):
    """tensors: dict name -> torch tensor (contiguous). Layout as safetensors' serialize():
    tensors ordered by dtype size (descending) then name, offsets contiguous from 0."""
    codes = {torch.float32: "F32", torch.float16: "F16", torch.bfloat16: "BF16", torch.float64: "F64",
             torch.int64: "I64"}
    order = sorted(tensors.items(), key=lambda kv: (-kv[1].element_size(), kv[0]))
    header, blobs, offset = {}, [], 0
    for key, t in order:
        t = t.contiguous()
        raw = t.view(torch.uint8).numpy().tobytes() if t.dtype != torch.bfloat16 else \
            t.view(torch.int16).numpy().tobytes()
        header[key] = {"dtype": codes[t.dtype], "shape": list(t.shape), "data_offsets": [offset, offset + len(raw)]}
        blobs.append(raw)
        offset += len(raw)
    if metadata:
        header["__metadata__"] = metadata
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * ((8 - len(text) % 8) % 8)
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(blobs))


def expect(lines, spec, arr32, dtype):
    bits = np.ascontiguousarray(arr32, dtype=np.float32).reshape(-1).view(np.uint32)
    lines.append(f"table {spec} {arr32.shape[0]} {arr32.shape[1]} {dtype}")
    for i in range(0, len(bits), 8):
        lines.append(" ".join(f"{b:08x}" for b in bits[i:i + 8]))
    lines.append("end")


def main() -> int:
    lines = [f"# numpy {np.__version__}, torch {torch.__version__}"]
    rng = np.random.default_rng(2024)

    # The notebook's table: torch.manual_seed(123); nn.Embedding(4, 5).weight.
    torch.manual_seed(123)
    w = torch.nn.Embedding(4, 5).weight.detach().numpy()
    np.save(os.path.join(HERE, "notebook_seed123.npy"), w)  # version 1.0, '<f4', C order
    expect(lines, "notebook_seed123.npy", w, "float32")

    a = rng.standard_normal((5, 3)).astype(np.float16)
    save_npy("v2_f2_fortran.npy", np.asfortranarray(a), (2, 0))
    expect(lines, "v2_f2_fortran.npy", a.astype(np.float32), "float16")

    b = rng.standard_normal((4, 2)) * 1e3  # float64, values that round when made float32
    save_npy("v3_f8_c.npy", b, (3, 0))
    expect(lines, "v3_f8_c.npy", b.astype(np.float32), "float64")

    c = rng.standard_normal((3, 7)).astype(np.float32)
    save_npy("v1_f4_fortran.npy", np.asfortranarray(c), (1, 0))
    expect(lines, "v1_f4_fortran.npy", c, "float32")

    d = rng.standard_normal((1, 1)).astype(np.float32)
    save_npy("one_by_one.npy", d, (1, 0))
    expect(lines, "one_by_one.npy", d, "float32")

    torch.manual_seed(7)
    emb = torch.randn(6, 4)
    proj = torch.randn(3, 5).to(torch.bfloat16)
    half = torch.randn(2, 2).to(torch.float16)
    dbl = torch.randn(3, 2, dtype=torch.float64)
    save_safetensors("mixed.safetensors", {"embed.weight": emb, "head.bias": torch.randn(4),
                                           "proj.weight": proj, "half": half, "double": dbl,
                                           "steps": torch.tensor([3], dtype=torch.int64)},
                     metadata={"format": "pt", "note": "made by make_tables.py"})
    expect(lines, "mixed.safetensors:embed.weight", emb.numpy(), "float32")
    expect(lines, "mixed.safetensors:proj.weight", proj.float().numpy(), "bfloat16")
    expect(lines, "mixed.safetensors:half", half.float().numpy(), "float16")
    expect(lines, "mixed.safetensors:double", dbl.float().numpy(), "float64")

    single = torch.randn(7, 3).to(torch.float16)
    save_safetensors("single.safetensors", {"weight": single, "bias": torch.randn(3)}, metadata={"format": "pt"})
    expect(lines, "single.safetensors", single.float().numpy(), "float16")

    with open(os.path.join(HERE, "expected.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote tables and expected.txt into {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
