#!/usr/bin/python3
"""Goldens for core/torch/torch_format.cpp: torch's own repr of hand-picked tensors.

Run with Debian's torch 1.13:  /usr/bin/python3 tests/golden/format/make_goldens.py
Writes cases.txt next to this script. One record per case:

    case <name>
    dtype float32|int64
    shape <d0> <d1>            (nothing after "shape" for a 0-D tensor)
    suffix_dtype <torch.float16|->   dtype suffix the C++ side is asked to print
    grad_fn <Name|->
    requires_grad 0|1
    parameter 0|1              (repr of nn.Parameter(t))
    data <v> <v> ...           float32 as 8 hex digits of the bit pattern; int64 in decimal
    expected <n>               followed by the n lines of torch's repr
"""
import math
import os
import struct

import torch


def f32_hex(x):
    return struct.pack(">f", x).hex()


def torch_repr(t, half=None, grad=None, parameter=False):
    """repr of t as torch prints it. half: torch.float16/bfloat16 to print t in that
    dtype; grad: "leaf" (requires_grad=True) or "mul" (grad_fn=<MulBackward0>)."""
    if half is not None:
        t = t.to(half)
    if parameter:
        return repr(torch.nn.Parameter(t))
    if grad == "leaf":
        t = t.clone().requires_grad_()
    elif grad == "mul":
        t = t.clone().requires_grad_() * 1
    return repr(t)


def record(name, t, half=None, grad=None, parameter=False):
    """One case as text. t: float32 or int64 tensor (the values printed; for a half
    case the float32 values are first rounded to that dtype)."""
    expected = torch_repr(t, half, grad, parameter)
    if half is not None:
        t = t.to(half).float()  # the values the C++ side is given
    if t.dtype == torch.float32:
        data = " ".join(f32_hex(x) for x in t.reshape(-1).tolist())
    else:
        data = " ".join(str(x) for x in t.reshape(-1).tolist())
    lines = expected.split("\n")
    grad_fn = "MulBackward0" if grad == "mul" else "-"
    out = [
        f"case {name}",
        f"dtype {str(t.dtype).replace('torch.', '')}",
        "shape" + "".join(f" {d}" for d in t.shape),
        f"suffix_dtype {str(half) if half is not None else '-'}",
        f"grad_fn {grad_fn}",
        f"requires_grad {int(grad == 'leaf' or parameter)}",
        f"parameter {int(parameter)}",
        f"data {data}".rstrip(),
        f"expected {len(lines)}",
    ] + lines
    return "\n".join(out) + "\n"


def f(values, shape=None):
    t = torch.tensor(values, dtype=torch.float32)
    return t.reshape(shape) if shape is not None else t


def cases():
    nan, inf = math.nan, math.inf
    g = torch.Generator().manual_seed(7)
    randn = lambda *s: torch.randn(*s, generator=g)

    # The notebook (shared/reference/notebook.md): seed 123, ids [2, 3, 1], out_dim 5.
    torch.manual_seed(123)
    table = torch.nn.Embedding(4, 5).weight.detach().clone()
    torch.manual_seed(123)
    linear_w = torch.nn.Linear(4, 5, bias=False).weight.detach().clone()
    idx = torch.tensor([2, 3, 1])
    yield record("notebook_embedding_weight", table, parameter=True)
    yield record("notebook_lookup_one_row", table[1:2], grad="mul")
    yield record("notebook_lookup", table[idx], grad="mul")
    yield record("notebook_onehot", torch.nn.functional.one_hot(idx))
    yield record("notebook_linear_weight", linear_w, parameter=True)
    yield record("notebook_ids", idx)
    expected = repr(torch.nn.functional.one_hot(idx).float() @ table.clone().requires_grad_())
    assert expected.endswith("grad_fn=<MmBackward0>)")  # MmBackward0 stays on the line

    # Modes: integer, fixed, scientific, and what pushes a tensor into each.
    yield record("int_mode", f([1.0, -2.0, 300.0]))
    yield record("int_mode_sci_ratio", f([1.0, 2000.0]))
    yield record("int_mode_sci_large", f([2.0e8, 3.0]))
    yield record("fixed", f([0.5, -1.25, 3.14159]))
    yield record("sci_small", f([5.0e-5, 1.0]))
    yield record("sci_ratio", f([0.5, 600.5]))
    yield record("sci_large", f([1.5e9, -2.5]))
    yield record("all_zero", torch.zeros(2, 3))
    yield record("nonfinite_only", f([nan, inf, -inf, 0.0]))
    yield record("neg_zero_int", f([-0.0, 1.0]))
    yield record("neg_zero_fixed", f([-0.0, 1.5, 0.25]))
    yield record("neg_zero_sci", f([-0.0, 1e-7, 5.0]))
    yield record("nonfinite_fixed", f([nan, 0.5, inf, -inf, -nan]))
    yield record("nonfinite_int", f([nan, 2.0, -inf, 10.0]))
    yield record("nonfinite_sci", f([nan, 1e-6, -inf, 3.0]))
    # Ties of the 4th decimal (exactly representable in binary: correctly rounded, half to even).
    yield record("ties", f([0.03125, 0.15625, -0.28125, 1.40625, 2.5 / 4096 * 16]))
    yield record("ties_int_half", f([0.5, 1.5, 2.5]))  # not whole: fixed mode

    # 0-D scalars.
    yield record("scalar_float", torch.tensor(2.5))
    yield record("scalar_int_mode", torch.tensor(-3.0))
    yield record("scalar_sci", torch.tensor(1.0e-7))
    yield record("scalar_nan", torch.tensor(nan))
    yield record("scalar_neg_zero", torch.tensor(-0.0))
    yield record("scalar_int64", torch.tensor(-42))
    yield record("scalar_grad", torch.tensor(0.125), grad="mul")

    # Empty tensors.
    yield record("empty_1d", torch.zeros(0))
    yield record("empty_0x5", torch.zeros(0, 5))
    yield record("empty_3x0", torch.zeros(3, 0))
    yield record("empty_int64_1d", torch.zeros(0, dtype=torch.int64))
    yield record("empty_int64_0x5", torch.zeros(0, 5, dtype=torch.int64))
    yield record("empty_half", torch.zeros(0, 5), half=torch.float16)
    yield record("empty_grad", torch.zeros(0, 5), grad="mul")

    # Shapes: 1 x n, n x 1, long vectors that wrap, wide rows that wrap.
    yield record("one_row", randn(1, 5))
    yield record("one_col", randn(6, 1))
    yield record("vector_wraps", randn(40))
    yield record("matrix_rows_wrap", randn(3, 17))
    yield record("sci_matrix_wraps", randn(4, 9) * 1e-5, grad="mul")
    yield record("int64_wraps", torch.arange(-30, 30) * 12345)
    yield record("int64_matrix", torch.tensor([[1, -200], [30000, 4]]))

    # Summarized (numel > 1000): edge items only; widths from the shown ones.
    big = randn(40, 30)
    big[20, 15] = 1.0e12  # hidden: must not switch to scientific
    yield record("summarized_matrix", big)
    yield record("summarized_vector", randn(1001))
    yield record("summarized_few_rows", randn(2, 600))
    yield record("summarized_few_cols", randn(300, 4), grad="mul")
    yield record("summarized_int64", torch.arange(1200).reshape(40, 30) - 600)

    # Suffixes: dtype text, and the last-line rule with one or two suffixes.
    yield record("half", randn(3, 5), half=torch.float16)
    yield record("bfloat16", randn(3, 5), half=torch.bfloat16)
    yield record("half_grad", randn(2, 6), half=torch.float16, grad="mul")
    yield record("half_scalar", torch.tensor(0.1), half=torch.float16)
    yield record("suffix_fits", randn(2, 3), grad="mul")
    yield record("suffix_wraps_long_row", randn(2, 9), grad="mul")
    yield record("requires_grad_leaf", randn(3, 5), grad="leaf")
    yield record("parameter_vector_like", randn(1, 12), parameter=True)


def main():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.txt")
    with open(path, "w") as out:
        out.write(f"# torch {torch.__version__} reprs; made by make_goldens.py, do not edit.\n")
        for text in cases():
            out.write(text)
    print("wrote", path)


if __name__ == "__main__":
    main()
