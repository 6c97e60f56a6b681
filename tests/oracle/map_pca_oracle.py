#!/usr/bin/env python3
"""ctest oracle.map_pca_oracle: `lookupviz --map-json --map-npy` against NumPy's float64
np.linalg.svd of the centred table (issue 41, item 2), on random tables up to 3,000 x 200
with planted structure (a few strong directions + noise and an offset mean, or clusters),
stored as float32, float16 and bfloat16 (.npy, .safetensors) and Q8_0 and Q4_0 GGUF files
(written by tests/oracle/gguf-oracle, the reference its dequantized table):
  - the largest principal angle between the top-K subspaces <= 1e-3 rad,
  - the explained-variance ratios and singular values within 1e-4 relative,
  - the coordinates equal to NumPy's U*S (each component's largest-magnitude entry
    positive) within 1e-3 x the component's spread (its standard deviation).
Prints the largest differences.   python3 map_pca_oracle.py <lookupviz> <work dir>"""
import importlib.machinery
import importlib.util
import json
import os
import struct
import subprocess
import sys

import numpy as np


def write_safetensors_bf16(path, a32):
    bits = a32.astype(np.float32).view(np.uint32)
    bf = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)  # round to nearest even
    data = bf.tobytes()
    header = json.dumps({"weight": {"dtype": "BF16", "shape": list(a32.shape), "data_offsets": [0, len(data)]}})
    header += " " * ((8 - len(header) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(header)) + header.encode() + data)
    return (bf.astype(np.uint32) << 16).view(np.float32)


def gguf_oracle():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gguf-oracle")
    loader = importlib.machinery.SourceFileLoader("gguf_oracle", path)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("gguf_oracle", loader))
    loader.exec_module(module)
    return module


def write_gguf_quantized(path, a32, kind):
    """a32 quantized to Q8_0 or Q4_0 blocks of 32 (a plain quantizer: d = the block's largest
    |x| over 127 or 7), written by gguf-oracle; returns gguf-oracle's dequantized table."""
    g = gguf_oracle()
    v, d = a32.shape
    x = a32.reshape(-1, 32).astype(np.float32)
    amax = np.abs(x).max(axis=1, keepdims=True)
    if kind == "Q8_0":
        scale = (amax / 127).astype(np.float16)
        q = np.clip(np.round(x / np.maximum(scale.astype(np.float32), 1e-30)), -127, 127).astype(np.int8)
        raw = np.concatenate([scale.view(np.uint8), q.view(np.uint8)], axis=1)
    else:
        scale = (amax / 7).astype(np.float16)
        q = np.clip(np.round(x / np.maximum(scale.astype(np.float32), 1e-30)) + 8, 0, 15).astype(np.uint8)
        raw = np.concatenate([scale.view(np.uint8), (q[:, :16] | (q[:, 16:] << 4)).astype(np.uint8)], axis=1)
    kvs = [("general.architecture", g.STR, "llama"), ("general.quantization_version", g.U32, 2)]
    g.write_gguf(path, kvs, [("token_embd.weight", [d, v], kind, raw.tobytes())])
    return g.dequantize(kind, raw.tobytes()).reshape(v, d)


def planted(rng, v, d, strong):
    basis = np.linalg.qr(rng.standard_normal((d, strong)))[0]
    scales = np.linspace(6.0, 2.0, strong)
    a = (rng.standard_normal((v, strong)) * scales) @ basis.T + 0.3 * rng.standard_normal((v, d))
    return a + rng.uniform(-2, 2, d)  # an offset mean row


def clusters(rng, v, d, n):
    """n clusters: random centres (scale 3), each row one of them plus noise."""
    centres = rng.standard_normal((n, d)) * 3 / np.sqrt(d) * np.sqrt(d / 4)
    return centres[rng.integers(0, n, v)] + 0.5 * rng.standard_normal((v, d))


def reference(a, k):
    a = a.astype(np.float64)
    c = a - a.mean(axis=0)
    u, s, vt = np.linalg.svd(c, full_matrices=False)
    comps = vt[:k].copy()
    coords = u[:, :k] * s[:k]
    for i in range(k):
        j = np.argmax(np.abs(comps[i]))
        if comps[i, j] < 0:
            comps[i] *= -1
            coords[:, i] *= -1
    return comps, s[:k], s[:k] ** 2 / np.sum(c * c), coords


def check(binary, path, table, k, label, extra=()):
    npy_out = path + ".map.npy"
    run = subprocess.run([binary, "--weights", path, "--map-json", "--components", str(k), "--map-npy", npy_out,
                          *extra], capture_output=True, text=True)
    if run.returncode != 0:
        print(f"FAILED {label}: exit {run.returncode}: {run.stderr.strip()}")
        return False
    got = json.loads(run.stdout)
    coords = np.load(npy_out)
    comps, s, evr, ref_coords = reference(table, k)
    ok = got["rows"] == table.shape[0] and got["cols"] == table.shape[1] and got["components"] == k
    ok &= coords.shape == (table.shape[0], k) and coords.dtype == np.float32
    # The subspace of the coordinates' columns: its components are the least-squares map from
    # the centred table onto them, so compare the column spaces of the coordinates (V dims).
    q1 = np.linalg.qr(coords.astype(np.float64))[0]
    q2 = np.linalg.qr(ref_coords)[0]
    angle = float(np.arccos(np.clip(np.linalg.svd(q1.T @ q2, compute_uv=False).min(), -1, 1)))
    evr_err = float(np.max(np.abs(np.array(got["explained_variance_ratio"]) - evr) / evr))
    sv_err = float(np.max(np.abs(np.array(got["singular_values"]) - s) / s))
    spread = ref_coords.std(axis=0)
    coord_err = float(np.max(np.abs(coords - ref_coords) / spread))
    ok &= angle <= 1e-3 and evr_err <= 1e-4 and sv_err <= 1e-4 and coord_err <= 1e-3
    print(f"{'ok' if ok else 'FAILED'} {label}: angle {angle:.2e} rad, evr {evr_err:.2e} rel, "
          f"sv {sv_err:.2e} rel, coordinates {coord_err:.2e} x spread")
    return bool(ok)


def main():
    binary, work = sys.argv[1], sys.argv[2]
    rng = np.random.default_rng(41)
    ok = True
    cases = [(3000, 200, 3, 3, "f32"), (2000, 128, 5, 3, "f32"), (500, 64, 4, 2, "f16"), (1500, 96, 6, 4, "bf16"),
             (300, 40, 3, 3, "f32"), (1200, 128, 4, 3, "Q8_0"), (800, 64, 3, 3, "Q4_0"),
             (3000, 200, 8, 3, "clusters f32"), (2000, 128, 12, 3, "clusters bf16"), (2048, 256, 6, 3, "clusters Q8_0")]
    for i, (v, d, strong, k, kind) in enumerate(cases):
        if kind.startswith("clusters"):
            a, kind = clusters(rng, v, d, strong).astype(np.float32), kind.split()[1]
            label = f"{v} x {d} {kind}, {strong} clusters, K={k}"
        else:
            a = planted(rng, v, d, strong).astype(np.float32)
            label = f"{v} x {d} {kind}, {strong} strong, K={k}"
        if kind in ("Q8_0", "Q4_0"):
            path = f"{work}/t{i}.gguf"
            table = write_gguf_quantized(path, a, kind)
        elif kind == "bf16":
            path = f"{work}/t{i}.safetensors"
            table = write_safetensors_bf16(path, a)
        else:
            path = f"{work}/t{i}.npy"
            table = a.astype(np.float16) if kind == "f16" else a
            np.save(path, table)
        ok &= check(binary, path, table.astype(np.float64), k, label)
    # --dtype bfloat16 rounds a float32 file's values as read.
    a = planted(rng, 1000, 80, 3).astype(np.float32)
    np.save(f"{work}/r.npy", a)
    bits = a.view(np.uint32)
    rounded = (((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16).astype(np.uint32).view(np.float32)
    ok &= check(binary, f"{work}/r.npy", rounded.astype(np.float64), 3, "1000 x 80 f32 read as --dtype bfloat16",
                ("--dtype", "bfloat16"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
