#!/usr/bin/python3
"""oracle_batch.py — run shared/tools/torch-oracle on many argument lists in one
Python process, so `import torch` (1-2 s) is paid once instead of per case.

The oracle file itself is executed (runpy) and its own main() is called for each
case with sys.argv swapped and stdout captured, so it stays the reference.

  oracle_batch.py --oracle PATH --out DIR --generate N --seed S   # N random cases
  oracle_batch.py --oracle PATH --out DIR --cases-file FILE       # one argument line per case

Writes DIR/cases.txt (one argument line per case, split on spaces) and
DIR/0000.txt, DIR/0001.txt, ... (what the oracle printed; "EXIT <code>" lines are
appended when main() exits with a non-zero code).
"""
import argparse
import contextlib
import io
import os
import random
import runpy
import sys


def random_case(rng: random.Random) -> str:
    """One case: seeds up to 2^63 (sometimes negative or beyond), V <= 2000, D <= 300, 1-50 IDs."""
    r = rng.random()
    if r < 0.15:
        seed = rng.randrange(0, 1000)
    elif r < 0.30:
        seed = -rng.randrange(1, 2**63 + 1)
    elif r < 0.35:
        seed = rng.randrange(2**63, 2**64)
    else:
        seed = rng.randrange(0, 2**63)
    # Mix tiny tables (normal_'s per-element path below 16 values) with large ones
    # (summarized reprs over 1000 values).
    vocab = rng.choice([rng.randint(1, 6), rng.randint(1, 40), rng.randint(1, 2000)])
    dim = rng.choice([rng.randint(1, 8), rng.randint(1, 24), rng.randint(1, 300)])
    count = rng.choice([rng.randint(1, 5), rng.randint(1, 50)])
    ids = [rng.randrange(vocab) for _ in range(count)]
    args = f"--seed {seed} --dim {dim}"
    if rng.random() < 0.5:
        fixed = min(2000, vocab + rng.choice([0, 1, rng.randint(1, 500)]))
        args += f" --vocab {fixed}"
    else:
        ids[rng.randrange(count)] = vocab - 1  # max(ids) + 1 == vocab
    return args + " --ids " + ",".join(str(i) for i in ids)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--oracle", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--generate", type=int, default=0)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--cases-file")
    a = p.parse_args()

    if a.cases_file:
        with open(a.cases_file, encoding="utf-8") as f:
            cases = [line.rstrip("\n") for line in f]
    else:
        rng = random.Random(a.seed)
        cases = [random_case(rng) for _ in range(a.generate)]

    oracle = runpy.run_path(a.oracle, run_name="torch_oracle")  # its code, not __main__
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "cases.txt"), "w", encoding="utf-8") as f:
        f.writelines(c + "\n" for c in cases)
    saved_argv = sys.argv
    for i, case in enumerate(cases):
        buf = io.StringIO()
        code = 0
        sys.argv = [a.oracle] + case.split()
        try:
            with contextlib.redirect_stdout(buf):
                code = oracle["main"]()
        except SystemExit as e:  # argparse errors
            code = e.code
        except Exception as e:  # torch errors (e.g. an ID out of range): recorded, not fatal
            buf.write(f"ERROR {type(e).__name__}: {e}\n")
            code = 1
        finally:
            sys.argv = saved_argv
        if code:
            buf.write(f"EXIT {code}\n")
        with open(os.path.join(a.out, f"{i:04d}.txt"), "w", encoding="utf-8", newline="") as f:
            f.write(buf.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
