#!/usr/bin/python3
"""Goldens for the backward pass of both paths (core/torch/embedding_ops.cpp).

Run with Debian's torch 1.13:  /usr/bin/python3 tests/golden/backward/make_goldens.py
Writes backward_goldens.txt next to this script.

Summation order: emb.weight.grad adds the rows of G in batch order (embedding_dense_
backward_cpu). lin.weight.grad comes from the BLAS sgemm torch is linked with (OpenBLAS
on Debian), whose order depends on the CPU's micro-kernel, the thread count and the
shape: with an ID at most twice in the batch any order gives the same bits, with 3+
repeats the last bit can differ from batch order (paths_agree 0 below).

For each case:

    torch.manual_seed(seed); emb = nn.Embedding(V, D)
    lin = nn.Linear(V, D, bias=False); lin.weight = Parameter(emb.weight.T)   (tied, fresh)
    G = ones(B, D)                         grad "ones"   (out.sum().backward())
    G = manual_seed(s2); randn(B, D)       grad "randn:s2"
    emb(idx).backward(G)                   -> emb.weight.grad     (V x D)
    lin(one_hot(idx, V).float()).backward(G) -> lin.weight.grad   (D x V)

File format, one block per case:
    case <name> <V> <D> <seed> <ones|randn:s2>
    ids <id> <id> ...
    <what> count <n> fnv1a64 <16 hex>     what = G, lookup_grad, onehot_grad (row-major)
    <n values as 8-hex-digit float32 bits, 8 per line>   (only when n <= 1024)
    paths_agree 0|1   torch's two gradients equal bit for bit (lin.weight.grad.T == emb.weight.grad)
    repr_lookup <k>   then the k lines of repr(emb.weight.grad)
    repr_onehot <k>   then the k lines of repr(lin.weight.grad)
    end
"""
import os
import sys

import numpy as np
import torch

ids_300 = [(i * 7 + i // 5) % 3 for i in range(300)]
ids_2000 = [(i * 13 + (i * i) % 11) % 50 for i in range(2000)]

CASES = [
    # name, V, D, seed, ids, grad
    ("notebook_ones", 4, 5, 123, [2, 3, 1], "ones"),
    ("notebook_randn", 4, 5, 123, [2, 3, 1], "randn:7"),
    ("repeated_0_4_4_9_ones", 10, 3, 123, [0, 4, 4, 9], "ones"),
    ("repeated_all_same_randn", 3, 4, 1, [1, 1, 1, 1, 1], "randn:11"),
    ("one_id_randn", 5, 6, 2, [3], "randn:1"),
    ("v1_d1_ones", 1, 1, 0, [0], "ones"),
    ("v1_d1_repeated_randn", 1, 1, 0, [0, 0, 0, 0, 0, 0, 0], "randn:3"),
    ("d1_randn", 10, 1, 4, [9, 0, 9, 5, 0], "randn:4"),
    ("block16_randn", 5, 16, 5, [4], "randn:5"),
    ("reversed_ids_ones", 8, 3, 6, [7, 6, 5, 4, 3, 2, 1, 0], "ones"),
    ("seed_above_2_32", 7, 9, 2**32 + 5, [6, 0, 6, 0, 3], "randn:4294967301"),
    ("many_repeats_300", 3, 7, 7, ids_300, "randn:6"),
    ("long_batch_2000", 50, 16, 8, ids_2000, "randn:8"),
    ("eight_repeats_v12", 12, 16, 12, [0, 0, 0, 0, 0, 0, 0, 0, 7], "randn:12"),
    ("summarized_300x8", 300, 8, 9, [0, 299, 150, 150], "randn:9"),
    ("big_vocab_50257x8", 50257, 8, 10, [50256, 0, 1234, 50256], "randn:10"),
    ("big_vocab_ones", 50257, 4, 11, [5, 5, 50000], "ones"),
]


def fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def values_block(what, t):
    bits = t.detach().contiguous().numpy().astype(np.float32).ravel().view(np.uint32)
    lines = [f"{what} count {len(bits)} fnv1a64 {fnv1a64(bits.astype('<u4').tobytes()):016x}"]
    if len(bits) <= 1024:
        for i in range(0, len(bits), 8):
            lines.append(" ".join(f"{b:08x}" for b in bits[i:i + 8]))
    return lines


def run(name, V, D, seed, ids, grad):
    torch.manual_seed(seed)
    emb = torch.nn.Embedding(V, D)
    lin = torch.nn.Linear(V, D, bias=False)
    lin.weight = torch.nn.Parameter(emb.weight.detach().T.clone())
    idx = torch.tensor(ids)
    B = len(ids)
    if grad == "ones":
        G = torch.ones(B, D)
    else:
        torch.manual_seed(int(grad.split(":")[1]))
        G = torch.randn(B, D)
    out = emb(idx)
    if grad == "ones":
        out.sum().backward()
    else:
        out.backward(G)
    out2 = lin(torch.nn.functional.one_hot(idx, V).float())
    if grad == "ones":
        out2.sum().backward()
    else:
        out2.backward(G)
    lines = [f"case {name} {V} {D} {seed % 2**64} {grad}", "ids " + " ".join(map(str, ids))]
    lines += values_block("G", G)
    lines += values_block("lookup_grad", emb.weight.grad)
    lines += values_block("onehot_grad", lin.weight.grad)
    agree = torch.equal(lin.weight.grad.T, emb.weight.grad) and np.array_equal(
        lin.weight.grad.T.contiguous().numpy().view(np.uint32), emb.weight.grad.numpy().view(np.uint32))
    lines.append(f"paths_agree {int(agree)}")
    for what, t in (("repr_lookup", emb.weight.grad), ("repr_onehot", lin.weight.grad)):
        text = repr(t).split("\n")
        lines.append(f"{what} {len(text)}")
        lines += text
    lines.append("end")
    return lines


def main() -> int:
    torch.set_num_threads(1)
    blas = "unknown BLAS"
    try:
        import ctypes
        ctypes.CDLL("libopenblas.so.0")  # what libblas.so.3 points to on Debian when installed
        blas = "OpenBLAS (libblas.so.3 alternative)"
    except OSError:
        pass
    lines = [f"# torch {torch.__version__}, {blas}"]
    for case in CASES:
        lines += run(*case)
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "backward_goldens.txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {path}: {len(CASES)} cases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
