#!/usr/bin/python3
"""What PyTorch 1.13 prints for slide 10's attention (`lookupviz --attention-print`): the
reference for its goldens and its live parity test. Run with Debian's /usr/bin/python3.

  attention_oracle.py --seed 123 --ids 2,3,1 --dim 5 [--vocab V] --d-out 2 --beta 1 [--no-mask]
  attention_oracle.py --weights t.npy --ids 2,0 --d-out 3        (x = the file's rows, .float())
  --positions: x + pos_emb(arange(T)), pos_emb = nn.Embedding(T, D) drawn before W_query
  attention_oracle.py --batch CASES --out DIR      one case a line (arguments as above);
                                                   writes DIR/0000.txt, DIR/0001.txt, ...
  attention_oracle.py --generate N SEED --out DIR  N random states (random_case) into
                                                   DIR/cases.txt, then as --batch
  --raw: also print the float32 bits of attn_weights, context_vec and, after
         context_vec.sum().backward(), values.grad and W_value.weight.grad (hex, one row a line)

The seeded case runs the issue's Python as written:
    torch.manual_seed(SEED)
    embedding = torch.nn.Embedding(V, D)
    W_query = torch.nn.Linear(D, D_OUT, bias=False)
    ... (see core/torch/attention.hpp)
With --weights there is no Embedding: the three Linear layers are drawn just after
torch.manual_seed(SEED).
"""
import argparse
import contextlib
import io
import os
import random
import shlex
import sys

import numpy
import torch


def parse(argv):
    p = argparse.ArgumentParser()
    p.add_argument("--seed", type=int, default=123)
    p.add_argument("--ids", default="2,3,1")
    p.add_argument("--dim", type=int, default=5)
    p.add_argument("--vocab", type=int)
    p.add_argument("--weights")
    p.add_argument("--d-out", type=int, default=2)
    p.add_argument("--beta", type=float, default=1.0)
    p.add_argument("--no-mask", action="store_true")
    p.add_argument("--positions", action="store_true")
    p.add_argument("--raw", action="store_true")
    return p.parse_args(argv)


def bits(t):
    rows = t.detach().reshape(t.shape[0], -1).numpy().astype(numpy.float32).view(numpy.uint32)
    return "\n".join(" ".join(f"{v:08x}" for v in row) for row in rows)


def run(a):
    ids = [int(s) for s in a.ids.replace(" ", ",").split(",") if s != ""]
    T = len(ids)
    torch.manual_seed(a.seed)
    if a.weights:
        x = torch.from_numpy(numpy.load(a.weights)).float()[torch.tensor(ids)]
        D = x.shape[1]
    else:
        V = a.vocab if a.vocab is not None else max(ids) + 1
        D = a.dim
        embedding = torch.nn.Embedding(V, D)
    if a.positions:  # slide 8's positions: pos_emb drawn after the table, before the three layers
        pos_emb = torch.nn.Embedding(T, D)
    W_query = torch.nn.Linear(D, a.d_out, bias=False)
    W_key = torch.nn.Linear(D, a.d_out, bias=False)
    W_value = torch.nn.Linear(D, a.d_out, bias=False)
    if not a.weights:
        x = embedding(torch.tensor(ids))
    if a.positions:
        x = x + pos_emb(torch.arange(T))
    queries, keys, values = W_query(x), W_key(x), W_value(x)
    attn_scores = (queries @ keys.T) * a.beta
    if not a.no_mask:
        mask = torch.triu(torch.ones(T, T), diagonal=1)
        attn_scores = attn_scores.masked_fill(mask.bool(), -torch.inf)
    attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)
    context_vec = attn_weights @ values
    print(">>> attn_weights"); print(attn_weights)
    print(">>> context_vec"); print(context_vec)
    if a.raw:
        values.retain_grad()
        context_vec.sum().backward()
        print("RAW attn_weights"); print(bits(attn_weights))
        print("RAW context_vec"); print(bits(context_vec))
        print("RAW values.grad"); print(bits(values.grad))
        print("RAW W_value.weight.grad"); print(bits(W_value.weight.grad))


def random_case(rng: random.Random) -> str:
    """One state: seeds up to 2^63 (some negative), V up to 3,000, D up to 300, 1-64 IDs,
    d_out 1-64, beta in {0, 0.5, 1, 3, 1000}, the mask on or off, slide 8's positions or not."""
    r = rng.random()
    seed = rng.randrange(0, 1000) if r < 0.3 else (-rng.randrange(1, 2**63) if r < 0.45 else rng.randrange(0, 2**63))
    vocab = rng.choice([rng.randint(1, 6), rng.randint(1, 60), rng.randint(1, 3000)])
    dim = rng.choice([rng.randint(1, 8), rng.randint(1, 40), rng.randint(1, 300)])
    count = rng.choice([rng.randint(1, 8), rng.randint(1, 20), rng.randint(1, 64)])
    ids = [rng.randrange(vocab) for _ in range(count)]
    d_out = rng.choice([rng.randint(1, 4), rng.randint(1, 64)])
    beta = rng.choice(["0", "0.5", "1", "3", "1000"])
    args = f"--seed {seed} --dim {dim} --vocab {vocab} --ids {','.join(map(str, ids))} --d-out {d_out} --beta {beta}"
    args += " --no-mask" if rng.random() < 0.4 else ""
    return args + (" --positions" if rng.random() < 0.35 else "")


def main() -> int:
    torch.set_num_threads(1)
    if len(sys.argv) > 1 and sys.argv[1] == "--generate":
        count, seed, out = int(sys.argv[2]), int(sys.argv[3]), sys.argv[5]
        os.makedirs(out, exist_ok=True)
        rng = random.Random(seed)
        with open(os.path.join(out, "cases.txt"), "w", encoding="utf-8") as f:
            f.writelines(random_case(rng) + "\n" for _ in range(count))
        sys.argv = [sys.argv[0], "--batch", os.path.join(out, "cases.txt"), "--out", out]
    if len(sys.argv) > 1 and sys.argv[1] == "--batch":
        cases, out = sys.argv[2], sys.argv[4]
        extra = sys.argv[5:]
        os.makedirs(out, exist_ok=True)
        with open(cases, encoding="utf-8") as f:
            lines = [line.rstrip("\n") for line in f if line.strip()]
        for i, line in enumerate(lines):
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf):
                run(parse(shlex.split(line) + extra))
            with open(os.path.join(out, f"{i:04d}.txt"), "w", encoding="utf-8", newline="") as f:
                f.write(buf.getvalue())
        return 0
    run(parse(sys.argv[1:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
