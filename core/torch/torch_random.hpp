// torch_random.hpp — torch's in-place random fills on float32, bit for bit
// (AVX2 build of torch 1.13, what torch runs on x86 machines with AVX2).
//   normal_:  n >= 16 -> the block fill (normal_fill_16_AVX2, emulated lane by lane
//             with avx_mathfun's Cephes log/sincos and GCC's exact FMAs);
//             n <  16 -> one double Box–Muller per element, with the cached sample.
//   uniform_: one random() per element, fma(x, to - from, from).
#pragma once
#include <cstddef>

#include "core/torch/torch_generator.hpp"

namespace lv {

void normal_(float* data, size_t n, double mean, double std, TorchGenerator& gen);
void uniform_(float* data, size_t n, double from, double to, TorchGenerator& gen);

// normal_fill_16_AVX2's Box–Muller on one block: d[0..15] holds 16 uniforms in [0, 1),
// and becomes 16 normals (lanes j and j + 8 share a radius and an angle). normal_ and
// the chunked table builder both call it, so they agree bit for bit.
void normal_fill_16(float* d, float mean, float std);

// The scalar emulations of avx_mathfun.h's log256_ps and sincos256_ps, one lane.
float cephes_logf(float x);
void cephes_sincosf(float x, float* s, float* c);

}  // namespace lv
