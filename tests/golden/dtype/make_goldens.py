#!/usr/bin/python3
"""Goldens for core/torch/dtype_round.cpp: float32 -> float16 / bfloat16 -> float32 as torch does it.

Run with Debian's torch 1.13:  /usr/bin/python3 tests/golden/dtype/make_goldens.py
Writes dtype_goldens.txt next to this script:

    special <f32 bits> <f16 round-trip bits> <bf16 round-trip bits>   hand-picked values:
        ties (even and odd), subnormals of both formats, the overflow edges, ±0, ±inf,
        NaNs with payloads, the largest/smallest of each format
    sweep <name> <count> f16 <checksum> bf16 <checksum>
        name "grid": for every upper 16 bits u and each lower pattern l in LOWS, the float
        with bits (u << 16) | l, u-major;  name "random": bits = low 32 bits of
        splitmix64(i) for i in 0..count-1.  checksum = sum over i of bits_i * (2i + 1)
        mod 2^64, bits_i being the round-trip result's bits.
All values go through torch in one contiguous tensor: x.to(dtype).float().
"""
import os
import sys

import numpy as np
import torch

LOWS = [0x0000, 0x0001, 0x0FFF, 0x1000, 0x1001, 0x2000, 0x3000, 0x5000,
        0x7FFF, 0x8000, 0x8001, 0x9000, 0xB000, 0xE000, 0xF000, 0xFFFF]
RANDOM_COUNT = 1 << 20

SPECIAL = [
    0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000,
    0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001, 0x7FA00000, 0x7FFFFFFF, 0xFFFFFFFF, 0x7F812345,
    # float16 overflow: 65504 is the largest half; 65520 ties to inf; just below stays
    0x477FE000, 0x477FEFFF, 0x477FF000, 0x477FF001, 0x47800000, 0xC77FF000, 0xC77FEFFF, 0x7F7FFFFF,
    # float16 normal/subnormal edge (2^-14) and subnormals (2^-24 unit), ties to even
    0x38800000, 0x387FFFFF, 0x387FC000, 0x387FE000, 0x387FF000, 0x38000000, 0x33800000,
    0x33000000, 0x33000001, 0x32FFFFFF, 0x33C00000, 0x34200000, 0x34400000, 0x34A00000, 0x34E00000,
    0x00000001, 0x00400000, 0x007FFFFF, 0x80000001, 0x807FFFFF, 0xB3000001, 0xB3C00000,
    # float16 ties in the normal range: 1 + 2^-11 (tie, even stays), 1 + 3*2^-11 (tie, odd rounds up)
    0x3F801000, 0x3F803000, 0x3F800FFF, 0x3F801001, 0x3F802FFF, 0x3F803001, 0x3FFFF000, 0x3FFFEFFF,
    # bfloat16: ties at bit 16
    0x3F808000, 0x3F818000, 0x3F807FFF, 0x3F808001, 0x3F7F8000, 0x3F7FFFFF, 0x7F7F8000, 0x7F7F7FFF,
    0x7F7FFFFF, 0xFF7F8000, 0x00008000, 0x00018000, 0x00010000, 0x0000FFFF, 0x80008000, 0x00800000,
    # the notebook's table values and a few ordinary numbers
    0x3EACBBC9, 0xBE360B3B, 0xBE9B67F8, 0xBF1687F2, 0x3FCA5D36, 0xC035C276, 0x3DCCCCCD, 0x40490FDB,
    0x4B7FFFFF, 0x4B800001, 0x3A83126F, 0x38D1B717, 0x501502F9, 0xD01502F9, 0x1E3CE508, 0x9E3CE508,
]


def roundtrip_bits(bits_u32, dtype):
    t = torch.from_numpy(bits_u32.view(np.float32).copy())
    return t.to(dtype).float().numpy().view(np.uint32)


def checksum(bits):
    i = np.arange(len(bits), dtype=np.uint64)
    with np.errstate(over="ignore"):
        return int(np.sum(bits.astype(np.uint64) * (2 * i + 1), dtype=np.uint64))


def splitmix64_low32(n):
    with np.errstate(over="ignore"):
        x = np.arange(n, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(0x9E3779B97F4A7C15)
        z = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    return (z & np.uint64(0xFFFFFFFF)).astype(np.uint32)


def main() -> int:
    lines = [f"# torch {torch.__version__}: x.to(float16 / bfloat16).float() on contiguous float32 tensors"]
    sp = np.array(SPECIAL, dtype=np.uint32)
    h = roundtrip_bits(sp, torch.float16)
    b = roundtrip_bits(sp, torch.bfloat16)
    for x, y, z in zip(sp, h, b):
        lines.append(f"special {x:08x} {y:08x} {z:08x}")
    upper = np.arange(1 << 16, dtype=np.uint32) << np.uint32(16)
    grid = (upper[:, None] | np.array(LOWS, dtype=np.uint32)[None, :]).reshape(-1)
    for name, vals in (("grid", grid), ("random", splitmix64_low32(RANDOM_COUNT))):
        lines.append(f"sweep {name} {len(vals)} f16 {checksum(roundtrip_bits(vals, torch.float16)):016x} "
                     f"bf16 {checksum(roundtrip_bits(vals, torch.bfloat16)):016x}")
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dtype_goldens.txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {path}: {len(SPECIAL)} special values, 2 sweeps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
