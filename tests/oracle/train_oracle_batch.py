#!/usr/bin/python3
"""Random --train-print cases run through train-oracle (real PyTorch) in one process.

  train_oracle_batch.py --oracle tests/oracle/train-oracle --out DIR --generate N --seed S [--raw]

Writes DIR/cases.txt (one line of arguments per case, split on spaces) and DIR/NNNN.txt,
what the oracle printed for case NNNN; with --raw also DIR/NNNN.raw, the final
embedding.weight's float32 bytes in hex (row-major). The cases cover the 5 optimizers,
seeds up to 2^63, 1-4 batches of 1-12 IDs (sometimes 17-48) with repeats, V up to 300 (fixed or max ID + 1),
D up to 64, lr from 0.003 to 1, 1-6 steps and both gradients (ones, randn:GSEED).
"""
import argparse
import contextlib
import io
import os
import random
import runpy
import sys

OPTIMIZERS = ["sgd", "momentum", "adam", "adamw", "sparse_adam"]


def make_case(rng, i):
    opt = OPTIMIZERS[i % len(OPTIMIZERS)]
    vocab = rng.choice([rng.randint(1, 8), rng.randint(2, 40), rng.randint(2, 300)])
    dim = rng.choice([rng.randint(1, 8), rng.randint(1, 64), 16, 17, 32, 64])
    batches = []
    for _ in range(rng.randint(1, 4)):
        n = rng.randint(1, 12) if rng.random() < 0.85 else rng.randint(17, 48)  # > 16: coalesce's sort reorders
        pool = [rng.randrange(vocab) for _ in range(rng.randint(1, 4))]  # few distinct IDs: repeats
        batches.append([rng.choice(pool) if rng.random() < 0.6 else rng.randrange(vocab) for _ in range(n)])
    args = ["--seed", str(rng.choice([rng.randint(0, 1000), rng.randint(0, 2**63 - 1)])),
            "--batches", ";".join(",".join(map(str, b)) for b in batches),
            "--optimizer", opt,
            "--lr", repr(round(10 ** rng.uniform(-2.5229, 0), rng.randint(3, 6)) or 0.003),
            "--steps", str(rng.randint(1, 6)),
            "--dim", str(dim)]
    if rng.random() < 0.5:
        args += ["--vocab", str(vocab)]
    if rng.random() < 0.5:
        args += ["--grad", "randn:%d" % rng.randint(0, 100000)]
    return args


def run(oracle, args):
    out = io.StringIO()
    saved = sys.argv
    sys.argv = [oracle] + args
    try:
        with contextlib.redirect_stdout(out):
            g = runpy.run_path(oracle, run_name="__main__")
    finally:
        sys.argv = saved
    return out.getvalue(), g["embedding"].weight.detach().numpy().tobytes().hex()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--oracle", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--generate", type=int, required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--raw", action="store_true")
    a = p.parse_args()
    rng = random.Random(a.seed)
    with open(os.path.join(a.out, "cases.txt"), "w") as cases:
        for i in range(a.generate):
            args = make_case(rng, i)
            text, raw = run(a.oracle, args)
            cases.write(" ".join(args) + "\n")
            with open(os.path.join(a.out, "%04d.txt" % i), "w") as f:
                f.write(text)
            if a.raw:
                with open(os.path.join(a.out, "%04d.raw" % i), "w") as f:
                    f.write(raw + "\n")


if __name__ == "__main__":
    main()
