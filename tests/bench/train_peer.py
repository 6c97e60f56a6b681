#!/usr/bin/python3
"""PyTorch's optimizer step on a GPT-2-sized embedding (50,257 x 768), as train-oracle makes
it: batches of 8 random IDs, G = torch.randn, zero_grad + backward + step. Prints the median
step in ms (forward, backward and optimizer.step, wall time, one thread).

  train_peer.py OPTIMIZER [STEPS]     (sgd, momentum, adam, adamw, sparse_adam; default 30)
"""
import sys
import time

import torch

name = sys.argv[1]
steps = int(sys.argv[2]) if len(sys.argv) > 2 else 30
torch.set_num_threads(1)
torch.manual_seed(123)
emb = torch.nn.Embedding(50257, 768, sparse=(name == "sparse_adam"))
p = emb.parameters()
opt = {"sgd": lambda: torch.optim.SGD(p, lr=1e-3),
       "momentum": lambda: torch.optim.SGD(p, lr=1e-3, momentum=0.9),
       "adam": lambda: torch.optim.Adam(p, lr=1e-3),
       "adamw": lambda: torch.optim.AdamW(p, lr=1e-3),
       "sparse_adam": lambda: torch.optim.SparseAdam(list(p), lr=1e-3)}[name]()
g = torch.Generator().manual_seed(42)
times = []
for step in range(steps):
    idx = torch.randint(0, 50257, (8,), generator=g)
    t0 = time.perf_counter()
    opt.zero_grad()
    out = emb(idx)
    torch.manual_seed(7 + step)
    (out * torch.randn(8, 768)).sum().backward()
    opt.step()
    times.append((time.perf_counter() - t0) * 1e3)
times.sort()
print("%.4f" % times[len(times) // 2])
