// torch_softmax.hpp — torch.softmax(x, dim=-1) on a float32 row as torch 1.13's CPU
// kernel computes it on an AVX2 machine (aten/src/ATen/native/cpu/SoftMaxKernel.cpp,
// _vec_softmax_lastdim), bit for bit:
//   m = max(x)                            8 lanes, then lanes folded as a tree
//   e[i] = exp(x[i] - m)                  Sleef_expf8_u10 (emulated per lane below)
//   s = sum(e)                            8 lane sums, then folded as a tree (below 8: in order)
//   out[i] = e[i] * (1 / s)               a reciprocal, then one multiply each
// Masked entries (-inf) give exp = 0 exactly, so a causal row spreads its weight over
// the positions it may see and prints 0. for the others.
#pragma once
#include <cstdint>

namespace lv {

// Sleef 3.5's expf_u10 for AVX2 (FMA), one lane: what torch's Vectorized<float>::exp()
// returns. 0 below -104, inf above 100.
float sleef_expf_u10(float x);

// out[0..n) = softmax(in[0..n)); in and out may be the same row.
void softmax_row(const float* in, float* out, int64_t n);

}  // namespace lv
