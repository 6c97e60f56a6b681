#!/usr/bin/python3
# torch_peer.py — PyTorch's side of ./scripts/bench.sh, run by lookupviz_bench as a
# long-lived child with /usr/bin/python3 (Debian's python3-torch). It times exactly
# what the C++ side times, when asked, so the rounds alternate ours/theirs in one run.
#
# Protocol: one line per request on stdin, one line per answer on stdout.
#   (on start)                        -> "ready torch <version>" | "skip <reason>"
#   setup V D                         -> "ok"   (W = randn(V, D), float32, row-major)
#   ids N id0 id1 ...                 -> "ok"   (the shared pool of random IDs)
#   blas                              -> "blas <which BLAS torch's matmul loaded>"
#   time embedding hot|cold B MIN_MS  -> "ns <per call> <calls>"
#   time onehot B MIN_MS              -> "ns <per call> <calls>"
#   quit
# hot = the pool's first B IDs every call; cold = the next B IDs of the pool each call,
# cycling (chunks of B), as on the C++ side. One thread: set by the parent's
# environment (OMP/OpenBLAS) and torch.set_num_threads(1).
import os
import sys
import time


def answer(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


try:
    import torch
    import torch.nn.functional as F
except Exception as e:  # torch absent or broken: the parent prints "peer skipped"
    answer("skip cannot import torch with %s: %s" % (sys.executable, str(e).splitlines()[0]))
    sys.exit(0)

torch.set_num_threads(1)


def loaded_blas():
    """Which library provides the sgemm_ that torch's float matmul calls. Debian's
    libblas.so.3 is an alternative: the reference BLAS, or OpenBLAS once libopenblas0 is
    installed. /proc/self/maps alone can mislead (liblapack.so.3 may pull in OpenBLAS
    while sgemm_ still comes from the reference BLAS), so ask the dynamic linker."""
    import ctypes
    import ctypes.util

    class DlInfo(ctypes.Structure):
        _fields_ = [("dli_fname", ctypes.c_char_p), ("dli_fbase", ctypes.c_void_p),
                    ("dli_sname", ctypes.c_char_p), ("dli_saddr", ctypes.c_void_p)]
    try:
        torch_cpu = [l.split()[-1] for l in open("/proc/self/maps") if "libtorch_cpu.so" in l][0]
        sgemm = ctypes.cast(ctypes.CDLL(torch_cpu).sgemm_, ctypes.c_void_p)
        info = DlInfo()
        libc = ctypes.CDLL(ctypes.util.find_library("c"))
        if not libc.dladdr(sgemm, ctypes.byref(info)):
            return "unknown (dladdr failed)"
        path = os.path.realpath(info.dli_fname.decode())
    except Exception as e:
        return "unknown (%s)" % e
    if "openblas" not in path:
        return "reference BLAS (libblas3) " + path
    try:
        lib = ctypes.CDLL(path)
        lib.openblas_get_config.restype = ctypes.c_char_p
        threads = lib.openblas_get_num_threads()
        return "OpenBLAS (%s; %d thread%s) %s" % (
            lib.openblas_get_config().decode().strip(), threads, "" if threads == 1 else "s", path)
    except Exception:
        return "OpenBLAS " + path


last_reps = {}  # request -> calls that lasted min_ns last time: a round starts there


def timed(key, fn, min_ns):
    """Calls fn(reps) with growing reps until one batch lasts min_ns (as Google Benchmark
    does on the C++ side); returns (ns per call, calls) of that last batch."""
    reps = last_reps.get(key, 1)
    while True:
        t0 = time.perf_counter_ns()
        fn(reps)
        dt = time.perf_counter_ns() - t0
        if dt >= min_ns or reps >= 10**7:
            last_reps[key] = reps
            return dt / reps, reps
        grow = 10.0 if dt <= 0 else min(10.0, max(1.4 * min_ns / dt, 1.5))
        reps = max(reps + 1, int(reps * grow))


W = None
pool = None


def main():
    global W, pool
    answer("ready torch " + torch.__version__)
    for line in sys.stdin:
        f = line.split()
        if not f:
            continue
        if f[0] == "quit":
            return
        if f[0] == "setup":
            torch.manual_seed(0)
            W = torch.randn(int(f[1]), int(f[2]), dtype=torch.float32)
            answer("ok")
        elif f[0] == "ids":
            pool = torch.tensor([int(x) for x in f[2:]], dtype=torch.int64)
            assert pool.numel() == int(f[1])
            answer("ok")
        elif f[0] == "blas":
            (F.one_hot(pool[:2], W.shape[0]).float() @ W)  # make sure the BLAS is loaded
            answer("blas " + loaded_blas())
        elif f[0] == "time":
            answer("ns %.1f %d" % time_case(f[1:]))
        else:
            answer("error unknown request " + f[0])


def time_case(f):
    what, min_ns = f[0], float(f[-1]) * 1e6
    if what == "embedding":
        variant, batch = f[1], int(f[2])
        if variant == "hot":
            ids = pool[:batch].clone()

            def run(reps):
                for _ in range(reps):
                    F.embedding(ids, W)
        else:
            chunks = [pool[k * batch:(k + 1) * batch].clone() for k in range(pool.numel() // batch)]
            state = [0]

            def run(reps):
                c, n = state[0], len(chunks)
                for _ in range(reps):
                    F.embedding(chunks[c], W)
                    c += 1
                    if c == n:
                        c = 0
                state[0] = c
        return timed(" ".join(f), run, min_ns)
    if what == "onehot":
        batch = int(f[1])
        ids = pool[:batch].clone()
        vocab = W.shape[0]

        def run(reps):
            for _ in range(reps):
                F.one_hot(ids, vocab).float() @ W
        return timed(" ".join(f), run, min_ns)
    raise ValueError("unknown case " + what)


if __name__ == "__main__":
    main()
