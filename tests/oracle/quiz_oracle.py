#!/usr/bin/python3
"""quiz_oracle.py — `lookupviz --quiz-json` against real PyTorch (issue 28: "answers equal
PyTorch's and GPT-2's BPE"). For several seeds, IDs (with repeats), shapes and quiz seeds
it runs the binary and recomputes every answer the notebook's way:

  torch.manual_seed(seed); emb = torch.nn.Embedding(V, D)       the table
  out = emb(idx); out.sum().backward()                         grad_rows, grad_value (G = ones)
  onehot = one_hot(idx, V); lin.weight = Parameter(emb.weight.T)
  torch.equal(lin(onehot.float()), out)                        outputs_equal
  pos = torch.nn.Embedding(T, D) (drawn next); x = out + pos(arange(T))
  (x @ emb.weight.T).argmax(-1)                                argmax_token (slide 8, tied head)
  GPT-2's BPE (tiktoken, or tests/oracle/gpt2_bpe_reference.py) token_count
  the table trained by torch.optim (the IDs one a step, lr 0.1, G = ones, as
  shared/tools/train-oracle does): the rows changed at step k      rows_moved (slide 9)
  and the misconceptions: idx.unique(), an edited row, one_hot.sum(), the shapes' madds,
  inf typed into a cell, out.backward(torch.randn), x[t] vs x[u], SparseAdam's step k
  slide 10's attention (W_query, W_key, W_value drawn after the table; --d-out, --beta,
  --no-mask, --positions in every other state): the weights' argmax, sum and zeros, the hard limit's
  row, the value rows with a gradient after context_vec.sum().backward()

  quiz_oracle.py BIN SRC [CASES]   exit 0 when every answer matches, 1 at the first that does not
"""
import atexit
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

import numpy
import torch


def tokenizer(src):
    try:
        import tiktoken
        enc = tiktoken.get_encoding("gpt2")
        return lambda text: len(enc.encode(text, allowed_special={"<|endoftext|>"}))
    except ImportError:
        sys.path.insert(0, os.path.join(src, "tests", "oracle"))
        from gpt2_bpe_reference import Gpt2Bpe
        bpe = Gpt2Bpe(os.path.join(src, "assets", "gpt2"))
        return lambda text: len(bpe.encode(text))


def rows_moved(p, seed, ids, V, D, table):
    """What train-oracle's "rows moved" says at step p["step"] for p["optimizer"]."""
    o = p["optimizer"]
    sparse = o == "sparse_adam"
    if table is None:
        torch.manual_seed(seed)
        emb = torch.nn.Embedding(V, D, sparse=sparse)
    else:
        emb = torch.nn.Embedding.from_pretrained(table.clone(), freeze=False, sparse=sparse)
    params = emb.parameters()
    opt = {"sgd": lambda: torch.optim.SGD(params, lr=0.1),
           "momentum": lambda: torch.optim.SGD(params, lr=0.1, momentum=0.9),
           "adam": lambda: torch.optim.Adam(params, lr=0.1),
           "adamw": lambda: torch.optim.AdamW(params, lr=0.1),
           "sparse_adam": lambda: torch.optim.SparseAdam(list(params), lr=0.1)}[o]()
    for step in range(1, p["step"] + 1):
        idx = torch.tensor([ids[(step - 1) % len(ids)]])
        before = emb.weight.detach().clone()
        opt.zero_grad()
        emb(idx).sum().backward()
        opt.step()
    return (emb.weight.detach() != before).any(dim=1).nonzero().flatten().tolist()


def map_nearest(p, W):
    """map_nearest (issue 41): the full-space (L2) nearest to row r among the 5 rows the
    question lists; those must be the 5 nearest to r on the map (NumPy's SVD of the centred
    finite rows, PC1 and PC2; a tie within 1e-4 either way). None when they are not."""
    W = numpy.asarray(W, dtype=numpy.float64)
    finite = numpy.isfinite(W).all(axis=1)
    r, choices = p["row"], p.get("choices", [])
    if not finite[r]:
        return -1
    rows = numpy.flatnonzero(finite)
    c = W[rows] - W[rows].mean(axis=0)
    coords = numpy.full((W.shape[0], 2), numpy.nan)
    coords[rows] = c @ numpy.linalg.svd(c, full_matrices=False)[2][:2].T
    plane = numpy.sqrt(((coords - coords[r]) ** 2).sum(axis=1))
    plane[r] = numpy.nan
    fifth = numpy.sort(plane[rows[rows != r]])[4]
    if len(choices) != 5 or any(not finite[x] or x == r or plane[x] > fifth * (1 + 1e-4) + 1e-9 for x in choices):
        return None
    full = [(float(numpy.sqrt(((W[x] - W[r]) ** 2).sum())), x) for x in choices]
    return min(full)[1]


def attention(seed, ids, V, D, table, spec):
    """Slide 10: the issue's Python (core/torch/attention.hpp), with values kept for the backward."""
    torch.manual_seed(seed)
    if table is None:
        emb = torch.nn.Embedding(V, D)
    else:  # from_pretrained draws nothing: the layers come right after manual_seed
        emb = torch.nn.Embedding.from_pretrained(table, freeze=False)
        torch.manual_seed(seed)
    d_out, beta, causal, positions = spec
    if positions:  # slide 8's pos_emb, drawn after the table and before the three layers
        pos_emb = torch.nn.Embedding(len(ids), D)
    W_query, W_key, W_value = (torch.nn.Linear(D, d_out, bias=False) for _ in range(3))
    x = emb(torch.tensor(ids))
    if positions:
        x = x + pos_emb(torch.arange(len(ids)))
    queries, keys, values = W_query(x), W_key(x), W_value(x)
    raw = queries @ keys.T
    scores = raw * beta
    if causal:
        scores = scores.masked_fill(torch.triu(torch.ones(len(ids), len(ids)), diagonal=1).bool(), -torch.inf)
    weights = torch.softmax(scores / keys.shape[-1] ** 0.5, dim=-1)
    values.retain_grad()
    (weights @ values).sum().backward()
    return raw.detach(), weights.detach(), values.grad


def expected_attention(q, seed, ids, V, D, table, spec):
    raw, w, vgrad = attention(seed, ids, V, D, table, spec)
    kind, t = q["kind"], q["params"].get("t")
    if kind == "attn_top_key":
        return int(w[t].argmax())
    if kind == "attn_row_sum":
        return float(w[t].double().sum())
    if kind == "attn_masked":
        return (w[t] == 0).nonzero().flatten().tolist()
    if kind == "attn_hard_limit":  # the largest visible raw score, -1 on a tie
        seen = raw[t, : t + 1] if spec[2] else raw[t]
        top = seen.max()
        return int(seen.argmax()) if int((seen == top).sum()) == 1 else -1
    return int((vgrad != 0).any(dim=1).sum())  # attn_grad_rows


def expected(q, seed, ids, V, D, count_tokens, table=None, spec=(2, 1.0, True)):
    if q["kind"].startswith("attn_"):
        return expected_attention(q, seed, ids, V, D, table, spec)
    if q["kind"] == "map_nearest":
        if table is None:
            torch.manual_seed(seed)
            return map_nearest(q["params"], torch.nn.Embedding(V, D).weight.detach().numpy())
        return map_nearest(q["params"], table.numpy())
    if q["kind"] == "rows_moved":
        return rows_moved(q["params"], seed, ids, V, D, table)
    if q["kind"] == "sparse_memory":  # does the row move at SparseAdam's step k
        return q["params"]["row"] in rows_moved(q["params"], seed, ids, V, D, table)
    if table is None:
        torch.manual_seed(seed)
        emb = torch.nn.Embedding(V, D)
    else:  # --weights FILE: from_pretrained draws nothing, pos_emb comes first from the seed
        emb = torch.nn.Embedding.from_pretrained(table, freeze=False)
        torch.manual_seed(seed)
    pos_emb = torch.nn.Embedding(len(ids), D)  # GPTModel.__init__: tok_emb, then pos_emb
    idx = torch.tensor(ids)
    out = emb(idx)
    kind, p = q["kind"], q["params"]
    if kind == "token_count":
        return count_tokens(p["text"])
    if kind == "table_numbers":
        return emb.weight.numel()
    if kind in ("lookup_row", "onehot_col"):
        onehot = torch.nn.functional.one_hot(idx, num_classes=V)
        row = int(onehot[p["i"]].argmax())
        assert torch.equal(out[p["i"]], emb.weight[row])
        return row
    if kind == "zero_madds":
        onehot = torch.nn.functional.one_hot(idx, num_classes=V).float()
        return int(((onehot == 0).sum(dim=1, keepdim=True) * torch.ones(len(ids), D)).sum())
    if kind == "outputs_equal":
        lin = torch.nn.Linear(V, D, bias=False)
        lin.weight = torch.nn.Parameter(emb.weight.T)
        return torch.equal(lin(torch.nn.functional.one_hot(idx, num_classes=V).float()), out)
    if kind == "lookup_copies":
        return out.numel()
    if kind == "differing_cells":
        with torch.no_grad():
            w = emb.weight.clone()
            w[p["row"], p["col"]] += 1.0
            changed = (torch.nn.functional.embedding(idx, w) != out).nonzero().tolist()
        return sorted(changed)
    if kind in ("grad_rows", "grad_value"):
        out.sum().backward()
        g = emb.weight.grad
        if kind == "grad_rows":
            return sorted(set((g != 0).any(dim=1).nonzero().flatten().tolist()))
        return float(g[p["row"], p["col"]])
    if kind == "argmax_token":
        with torch.no_grad():
            x = out + pos_emb(torch.arange(len(ids)))
            return int((x @ emb.weight.T).argmax(dim=-1)[p["t"]])
    # The misconceptions (issue 36, item 5).
    if kind == "rows_read":
        return int(idx.unique().numel())
    if kind == "edited_row_outputs":
        with torch.no_grad():
            w = emb.weight.clone()
            w[p["row"]] = torch.where(w[p["row"]] == 7.25, 8.25, 7.25)  # every value of the row changes
            return (torch.nn.functional.embedding(idx, w) != out).any(dim=1).nonzero().flatten().tolist()
    if kind == "onehot_ones":
        return int(torch.nn.functional.one_hot(idx, num_classes=V).sum())
    if kind == "double_d_madds":
        def madds(d):  # (B, V) @ (V, d): B·d outputs, V multiply-adds each
            return len(ids) * d * V
        return madds(2 * D) // madds(D)
    if kind == "inf_cells":
        with torch.no_grad():
            onehot = torch.nn.functional.one_hot(idx, num_classes=V).float()
            def unequal(w):
                lin = torch.nn.Linear(V, D, bias=False)
                lin.weight = torch.nn.Parameter(w.T.contiguous())
                return lin(onehot) != torch.nn.functional.embedding(idx, w)
            w = emb.weight.detach().clone()
            before = unequal(w)
            w[p["row"], p["col"]] = float("inf")
            return sorted((unequal(w) & ~before).nonzero().tolist())
    if kind == "grad_rows_randn":
        torch.manual_seed(p["grad_seed"])
        g = torch.randn(len(ids), D)
        out.backward(g)
        return sorted((emb.weight.grad != 0).any(dim=1).nonzero().flatten().tolist())
    if kind == "same_token_x":
        with torch.no_grad():
            x = out + pos_emb(torch.arange(len(ids)))
            return torch.equal(x[p["t"]], x[p["u"]])
    raise ValueError("unknown kind " + kind)


def main():
    bin_, src = sys.argv[1], sys.argv[2]
    cases = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    count_tokens = tokenizer(src)
    rng = random.Random(20261201)
    work = tempfile.mkdtemp()
    atexit.register(shutil.rmtree, work, True)
    unequal = 0  # outputs_equal false: a table file with an inf
    checked = 0
    for n in range(cases):
        V = rng.randint(1, 60) if n % 5 else rng.randint(50, 400)
        D = rng.randint(1, 24)
        ids = [rng.randrange(V) for _ in range(rng.randint(1, 9))]
        if len(ids) > 1:
            ids[rng.randrange(len(ids))] = ids[0]  # a repeat
        seed = rng.randint(0, 2**31)
        args = [bin_, "--quiz-json", "--seed", str(seed), "--ids", ",".join(map(str, ids))]
        table = None
        if n % 4 == 3:  # a table file, sometimes with an inf (the product's sums then differ)
            table = torch.randn(V, D, generator=torch.Generator().manual_seed(seed)) * 3
            if n % 8 == 7:
                table[rng.randrange(V), rng.randrange(D)] = float("inf")
            path = os.path.join(work, f"table{n}.npy")
            numpy.save(path, table.numpy())
            args += ["--weights", path]
        else:
            args += ["--vocab", str(V), "--dim", str(D)]
        if n % 3:
            args += ["--quiz-seed", str(rng.randint(0, 10**6))]
        spec = (2, 1.0, True, False)  # slide 10: d_out, beta, the mask, slide 8's positions
        if n % 2:
            spec = (rng.randint(1, 8), rng.choice([0.0, 0.5, 1.0, 3.0, 1000.0]), rng.random() < 0.7,
                    rng.random() < 0.4)
            args += ["--d-out", str(spec[0]), "--beta", repr(spec[1])] + ([] if spec[2] else ["--no-mask"])
            args += ["--positions"] if spec[3] else []
        run = subprocess.run(args, capture_output=True, text=True)
        if run.returncode != 0:
            print("FAILED:", " ".join(args[1:]), "exited", run.returncode, run.stderr)
            return 1
        questions = json.loads(run.stdout)["questions"]
        slides = {q["slide"] for q in questions if q["kind"] != "map_nearest"}  # the map's: slide 7's view
        if slides != {0, 1, 2, 3, 4, 5, 6, 8, 9, 10}:
            print("FAILED:", " ".join(args[1:]), "asks on slides", sorted(slides))
            return 1
        for q in questions:
            want = expected(q, seed, ids, V, D, count_tokens, table, spec)
            got = q["answer"]
            ok = abs(got - want) <= 1e-6 if isinstance(want, float) else got == want
            if not ok or type(want) is bool and got is not want:
                print(f"FAILED: lookupviz {' '.join(args[1:])}\n  {q['kind']} {q['params']}: "
                      f"lookupviz {got!r}, PyTorch {want!r}")
                return 1
            checked += 1
            unequal += q["kind"] == "outputs_equal" and not got
    print(f"{checked} answers in {cases} states ({cases // 4} of them table files, {unequal} with an inf) equal PyTorch's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
