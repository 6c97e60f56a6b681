#!/usr/bin/python3
"""Regenerate tests/golden/weights/init_goldens.txt from real PyTorch (Debian's
torch 1.13, AVX2 CPU):  /usr/bin/python3 tests/golden/weights/make_goldens.py

Each case reseeds torch's default generator, runs a list of ops on it in order and
records every float32 produced, as IEEE bit patterns (8 hex digits):
  E V D          nn.Embedding(V, D).weight
  L IN OUT B     nn.Linear(IN, OUT, bias=B).weight, then .bias if B
  N n MEAN STD   torch.empty(n).normal_(MEAN, STD)        (MEAN, STD as C99 hex floats)
  U n FROM TO    torch.empty(n).uniform_(FROM, TO)
File format, one case per block:
  case <name> <seed as uint64> <op>[;<op>...]
  count <n> fnv1a64 <16 hex digits over the little-endian bits of all n floats>
  <all n values, 8 per line>            (only when n <= 512; else the hash decides)
  end
"""
import os
import sys
import warnings

import numpy as np
import torch

CASES = [
    # name, seed (may be negative: torch wraps it to uint64), ops
    ("notebook_embedding", 123, [("E", 4, 5)]),
    ("notebook_linear", 123, [("L", 4, 5, False)]),
    ("small_v1_d1", 0, [("E", 1, 1)]),
    ("small_v15_d1", 7, [("E", 15, 1)]),
    ("small_3x5_seed1", 1, [("E", 3, 5)]),
    ("block_exact_16", 42, [("E", 4, 4)]),
    ("block_exact_16_v1", 5, [("E", 1, 16)]),
    ("tail_17", 3, [("E", 17, 1)]),
    ("tail_50x8_seed1", 1, [("E", 50, 8)]),
    ("tail_v1_d300", 99, [("E", 1, 300)]),
    ("big_2000x300", 2024, [("E", 2000, 300)]),
    ("seed_above_2_32", 2**32 + 123, [("E", 7, 9)]),
    ("seed_2_63_minus_1", 2**63 - 1, [("E", 2, 3)]),
    ("seed_2_64_minus_1", 2**64 - 1, [("E", 5, 7)]),
    ("seed_negative", -123, [("E", 6, 6)]),
    ("seed_min_int64", -2**63, [("E", 3, 3)]),
    ("cache_shared_3x3_then_1x1", 123, [("E", 3, 3), ("E", 1, 1)]),
    ("cache_survives_block_and_uniform", 11, [("E", 1, 3), ("E", 10, 10), ("L", 3, 2, True), ("E", 2, 2)]),
    ("linear_bias", 123, [("L", 4, 5, True)]),
    ("linear_fan_in_1", 8, [("L", 1, 3, True)]),
    ("linear_big_bias", 77, [("L", 300, 200, True)]),
    ("linear_no_bias_big_seed", 2**40 + 5, [("L", 37, 13, False)]),
    ("linear_zero_in_bias", 4, [("L", 0, 3, True), ("E", 1, 2)]),
    ("normal_mean_std_small", 9, [("N", 5, 0.25, 3.5)]),
    ("normal_mean_std_block", 9, [("N", 40, -1.5, 0.75)]),
    ("uniform_range", 10, [("U", 33, -2.5, 7.25)]),
    # mean/std chosen so that val * std + mean rounds differently fused and unfused:
    # torch's AVX2 build fuses it (one rounding in double, then the cast to float).
    ("normal_small_fused_affine_a", 3, [("N", 1, float.fromhex("-0x1.902c4096d313dp-4"),
                                         float.fromhex("0x1.1cac083126e98p-3"))]),
    ("normal_small_fused_affine_b", 4, [("N", 1, float.fromhex("0x1.b54067840cb45p-3"),
                                         float.fromhex("0x1.374bc6a7ef9dbp-3"))]),
]


def run(seed, ops):
    torch.manual_seed(seed)
    out = []
    for op in ops:
        kind = op[0]
        if kind == "E":
            out.append(torch.nn.Embedding(op[1], op[2]).weight.detach().numpy().ravel())
        elif kind == "L":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # "Initializing zero-element tensors is a no-op"
                lin = torch.nn.Linear(op[1], op[2], bias=op[3])
            out.append(lin.weight.detach().numpy().ravel())
            if op[3]:
                out.append(lin.bias.detach().numpy().ravel())
        elif kind == "N":
            out.append(torch.empty(op[1]).normal_(op[2], op[3]).numpy())
        elif kind == "U":
            out.append(torch.empty(op[1]).uniform_(op[2], op[3]).numpy())
    return np.concatenate(out).astype(np.float32) if out else np.zeros(0, np.float32)


def op_text(op):
    if op[0] == "E":
        return f"E {op[1]} {op[2]}"
    if op[0] == "L":
        return f"L {op[1]} {op[2]} {int(op[3])}"
    return f"{op[0]} {op[1]} {float(op[2]).hex()} {float(op[3]).hex()}"


def fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def main() -> int:
    torch.set_num_threads(1)
    lines = [f"# torch {torch.__version__}, CPU capability {torch.backends.cpu.get_cpu_capability()}"
             if hasattr(torch.backends, "cpu") else f"# torch {torch.__version__}"]
    for name, seed, ops in CASES:
        vals = run(seed, ops)
        bits = vals.view(np.uint32)
        lines.append(f"case {name} {seed % 2**64} " + ";".join(op_text(o) for o in ops))
        lines.append(f"count {len(bits)} fnv1a64 {fnv1a64(bits.astype('<u4').tobytes()):016x}")
        if len(bits) <= 512:
            for i in range(0, len(bits), 8):
                lines.append(" ".join(f"{b:08x}" for b in bits[i:i + 8]))
        lines.append("end")
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "init_goldens.txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {path}: {len(CASES)} cases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
