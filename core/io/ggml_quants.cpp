// ggml_quants.cpp — ggml's dequantize_row_* for the types lookupviz reads (see the header).
// Each function is ggml-quants.c's, block by block, with the block's fields read at their
// byte offsets in ggml-common.h's structs (all little-endian; no struct is overlaid on the
// file's bytes, so nothing depends on alignment).
#include "core/io/ggml_quants.hpp"

#include <cstring>

#include "core/torch/dtype_round.hpp"

namespace lv {

namespace {

float fp16_at(const uint8_t* p) {
  uint16_t h;
  std::memcpy(&h, p, 2);
  return half_bits_to_float(h);  // exact, as GGML_FP16_TO_FP32
}

// ggml-quants.c: get_scale_min_k4 (the 6-bit scales and mins of Q4_K and Q5_K).
inline void get_scale_min_k4(int j, const uint8_t* q, uint8_t* d, uint8_t* m) {
  if (j < 4) {
    *d = q[j] & 63;
    *m = q[j + 4] & 63;
  } else {
    *d = static_cast<uint8_t>((q[j + 4] & 0xF) | ((q[j - 4] >> 6) << 4));
    *m = static_cast<uint8_t>((q[j + 4] >> 4) | ((q[j - 0] >> 6) << 4));
  }
}

// block_q4_0 {d; qs[16]} 18 bytes, 32 values.
void q4_0(const uint8_t* x, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += 18, y += 32) {
    const float d = fp16_at(x);
    const uint8_t* qs = x + 2;
    for (int j = 0; j < 16; ++j) {
      const int x0 = (qs[j] & 0x0F) - 8;
      const int x1 = (qs[j] >> 4) - 8;
      y[j + 0] = static_cast<float>(x0) * d;
      y[j + 16] = static_cast<float>(x1) * d;
    }
  }
}

// block_q4_1 {d; m; qs[16]} 20 bytes.
void q4_1(const uint8_t* x, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += 20, y += 32) {
    const float d = fp16_at(x), m = fp16_at(x + 2);
    const uint8_t* qs = x + 4;
    for (int j = 0; j < 16; ++j) {
      const int x0 = qs[j] & 0x0F;
      const int x1 = qs[j] >> 4;
      y[j + 0] = static_cast<float>(x0) * d + m;
      y[j + 16] = static_cast<float>(x1) * d + m;
    }
  }
}

// block_q5_0 {d; qh[4]; qs[16]} 22 bytes.
void q5_0(const uint8_t* x, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += 22, y += 32) {
    const float d = fp16_at(x);
    uint32_t qh;
    std::memcpy(&qh, x + 2, 4);
    const uint8_t* qs = x + 6;
    for (int j = 0; j < 16; ++j) {
      const uint8_t xh_0 = static_cast<uint8_t>(((qh >> (j + 0)) << 4) & 0x10);
      const uint8_t xh_1 = static_cast<uint8_t>((qh >> (j + 12)) & 0x10);
      const int32_t x0 = ((qs[j] & 0x0F) | xh_0) - 16;
      const int32_t x1 = ((qs[j] >> 4) | xh_1) - 16;
      y[j + 0] = static_cast<float>(x0) * d;
      y[j + 16] = static_cast<float>(x1) * d;
    }
  }
}

// block_q5_1 {d; m; qh[4]; qs[16]} 24 bytes.
void q5_1(const uint8_t* x, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += 24, y += 32) {
    const float d = fp16_at(x), m = fp16_at(x + 2);
    uint32_t qh;
    std::memcpy(&qh, x + 4, 4);
    const uint8_t* qs = x + 8;
    for (int j = 0; j < 16; ++j) {
      const uint8_t xh_0 = static_cast<uint8_t>(((qh >> (j + 0)) << 4) & 0x10);
      const uint8_t xh_1 = static_cast<uint8_t>((qh >> (j + 12)) & 0x10);
      const int x0 = (qs[j] & 0x0F) | xh_0;
      const int x1 = (qs[j] >> 4) | xh_1;
      y[j + 0] = static_cast<float>(x0) * d + m;
      y[j + 16] = static_cast<float>(x1) * d + m;
    }
  }
}

// block_q8_0 {d; qs[32] (int8)} 34 bytes.
void q8_0(const uint8_t* x, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += 34, y += 32) {
    const float d = fp16_at(x);
    for (int j = 0; j < 32; ++j) y[j] = static_cast<float>(static_cast<int8_t>(x[2 + j])) * d;
  }
}

// block_q2_K {scales[16]; qs[64]; d; dmin} 84 bytes, 256 values.
void q2_k(const uint8_t* x, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += 84) {
    const float d = fp16_at(x + 80), min = fp16_at(x + 82);
    const uint8_t* scales = x;
    const uint8_t* q = x + 16;
    int is = 0;
    for (int n = 0; n < 256; n += 128) {
      int shift = 0;
      for (int j = 0; j < 4; ++j) {
        uint8_t sc = scales[is++];
        float dl = d * static_cast<float>(sc & 0xF), ml = min * static_cast<float>(sc >> 4);
        for (int l = 0; l < 16; ++l) *y++ = dl * static_cast<float>(static_cast<int8_t>((q[l] >> shift) & 3)) - ml;
        sc = scales[is++];
        dl = d * static_cast<float>(sc & 0xF), ml = min * static_cast<float>(sc >> 4);
        for (int l = 0; l < 16; ++l) *y++ = dl * static_cast<float>(static_cast<int8_t>((q[l + 16] >> shift) & 3)) - ml;
        shift += 2;
      }
      q += 32;
    }
  }
}

// block_q3_K {hmask[32]; qs[64]; scales[12]; d} 110 bytes.
void q3_k(const uint8_t* x, float* y, int64_t nb) {
  constexpr uint32_t kmask1 = 0x03030303, kmask2 = 0x0f0f0f0f;
  for (int64_t i = 0; i < nb; ++i, x += 110) {
    const float d_all = fp16_at(x + 108);
    const uint8_t* q = x + 32;
    const uint8_t* hm = x;
    uint8_t m = 1;
    uint32_t aux[4];
    std::memcpy(aux, x + 96, 12);
    const uint32_t tmp = aux[2];
    aux[2] = ((aux[0] >> 4) & kmask2) | (((tmp >> 4) & kmask1) << 4);
    aux[3] = ((aux[1] >> 4) & kmask2) | (((tmp >> 6) & kmask1) << 4);
    aux[0] = (aux[0] & kmask2) | (((tmp >> 0) & kmask1) << 4);
    aux[1] = (aux[1] & kmask2) | (((tmp >> 2) & kmask1) << 4);
    int8_t scales[16];
    std::memcpy(scales, aux, 16);
    int is = 0;
    for (int n = 0; n < 256; n += 128) {
      int shift = 0;
      for (int j = 0; j < 4; ++j) {
        float dl = d_all * static_cast<float>(scales[is++] - 32);
        for (int l = 0; l < 16; ++l)
          *y++ = dl * static_cast<float>(static_cast<int8_t>((q[l + 0] >> shift) & 3) - ((hm[l + 0] & m) ? 0 : 4));
        dl = d_all * static_cast<float>(scales[is++] - 32);
        for (int l = 0; l < 16; ++l)
          *y++ = dl * static_cast<float>(static_cast<int8_t>((q[l + 16] >> shift) & 3) - ((hm[l + 16] & m) ? 0 : 4));
        shift += 2;
        m = static_cast<uint8_t>(m << 1);
      }
      q += 32;
    }
  }
}

// block_q4_K {d; dmin; scales[12]; qs[128]} 144 bytes.
void q4_k(const uint8_t* x, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += 144) {
    const float d = fp16_at(x), min = fp16_at(x + 2);
    const uint8_t* scales = x + 4;
    const uint8_t* q = x + 16;
    int is = 0;
    uint8_t sc, m;
    for (int j = 0; j < 256; j += 64) {
      get_scale_min_k4(is + 0, scales, &sc, &m);
      const float d1 = d * static_cast<float>(sc), m1 = min * static_cast<float>(m);
      get_scale_min_k4(is + 1, scales, &sc, &m);
      const float d2 = d * static_cast<float>(sc), m2 = min * static_cast<float>(m);
      for (int l = 0; l < 32; ++l) *y++ = d1 * static_cast<float>(q[l] & 0xF) - m1;
      for (int l = 0; l < 32; ++l) *y++ = d2 * static_cast<float>(q[l] >> 4) - m2;
      q += 32;
      is += 2;
    }
  }
}

// block_q5_K {d; dmin; scales[12]; qh[32]; qs[128]} 176 bytes.
void q5_k(const uint8_t* x, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += 176) {
    const float d = fp16_at(x), min = fp16_at(x + 2);
    const uint8_t* scales = x + 4;
    const uint8_t* qh = x + 16;
    const uint8_t* ql = x + 48;
    int is = 0;
    uint8_t sc, m;
    uint8_t u1 = 1, u2 = 2;
    for (int j = 0; j < 256; j += 64) {
      get_scale_min_k4(is + 0, scales, &sc, &m);
      const float d1 = d * static_cast<float>(sc), m1 = min * static_cast<float>(m);
      get_scale_min_k4(is + 1, scales, &sc, &m);
      const float d2 = d * static_cast<float>(sc), m2 = min * static_cast<float>(m);
      for (int l = 0; l < 32; ++l) *y++ = d1 * static_cast<float>((ql[l] & 0xF) + (qh[l] & u1 ? 16 : 0)) - m1;
      for (int l = 0; l < 32; ++l) *y++ = d2 * static_cast<float>((ql[l] >> 4) + (qh[l] & u2 ? 16 : 0)) - m2;
      ql += 32;
      is += 2;
      u1 = static_cast<uint8_t>(u1 << 2);
      u2 = static_cast<uint8_t>(u2 << 2);
    }
  }
}

// block_q6_K {ql[128]; qh[64]; scales[16] (int8); d} 210 bytes.
void q6_k(const uint8_t* x, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += 210) {
    const float d = fp16_at(x + 208);
    const uint8_t* ql = x;
    const uint8_t* qh = x + 128;
    const int8_t* sc = reinterpret_cast<const int8_t*>(x + 192);
    for (int n = 0; n < 256; n += 128) {
      for (int l = 0; l < 32; ++l) {
        const int is = l / 16;
        const int8_t q1 = static_cast<int8_t>(static_cast<int8_t>((ql[l + 0] & 0xF) | (((qh[l] >> 0) & 3) << 4)) - 32);
        const int8_t q2 = static_cast<int8_t>(static_cast<int8_t>((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32);
        const int8_t q3 = static_cast<int8_t>(static_cast<int8_t>((ql[l + 0] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32);
        const int8_t q4 = static_cast<int8_t>(static_cast<int8_t>((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32);
        y[l + 0] = d * static_cast<float>(sc[is + 0]) * static_cast<float>(q1);
        y[l + 32] = d * static_cast<float>(sc[is + 2]) * static_cast<float>(q2);
        y[l + 64] = d * static_cast<float>(sc[is + 4]) * static_cast<float>(q3);
        y[l + 96] = d * static_cast<float>(sc[is + 6]) * static_cast<float>(q4);
      }
      y += 128;
      ql += 64;
      qh += 32;
      sc += 8;
    }
  }
}

}  // namespace

const char* ggml_type_name(uint32_t type) {
  static const char* const kNames[] = {
      "F32",      "F16",      "Q4_0",    "Q4_1",  "Q4_2",       "Q4_3",       "Q5_0",       "Q5_1",
      "Q8_0",     "Q8_1",     "Q2_K",    "Q3_K",  "Q4_K",       "Q5_K",       "Q6_K",       "Q8_K",
      "IQ2_XXS",  "IQ2_XS",   "IQ3_XXS", "IQ1_S", "IQ4_NL",     "IQ3_S",      "IQ2_S",      "IQ4_XS",
      "I8",       "I16",      "I32",     "I64",   "F64",        "IQ1_M",      "BF16",       "Q4_0_4_4",
      "Q4_0_4_8", "Q4_0_8_8", "TQ1_0",   "TQ2_0", "IQ4_NL_4_4", "IQ4_NL_4_8", "IQ4_NL_8_8", "MXFP4"};
  if (type < sizeof kNames / sizeof kNames[0]) return kNames[type];
  return nullptr;  // the caller says "type N"
}

bool ggml_block_size(uint32_t type, uint32_t* values, uint32_t* bytes) {
  uint32_t v = 1, b = 0;
  switch (static_cast<GgmlType>(type)) {
    case GgmlType::F32: b = 4; break;
    case GgmlType::F16: b = 2; break;
    case GgmlType::BF16: b = 2; break;
    case GgmlType::F64: b = 8; break;
    case GgmlType::Q4_0: v = 32, b = 18; break;
    case GgmlType::Q4_1: v = 32, b = 20; break;
    case GgmlType::Q5_0: v = 32, b = 22; break;
    case GgmlType::Q5_1: v = 32, b = 24; break;
    case GgmlType::Q8_0: v = 32, b = 34; break;
    case GgmlType::Q2_K: v = 256, b = 84; break;
    case GgmlType::Q3_K: v = 256, b = 110; break;
    case GgmlType::Q4_K: v = 256, b = 144; break;
    case GgmlType::Q5_K: v = 256, b = 176; break;
    case GgmlType::Q6_K: v = 256, b = 210; break;
    default: return false;
  }
  *values = v;
  *bytes = b;
  return true;
}

bool ggml_readable(uint32_t type) {
  uint32_t v, b;
  return ggml_block_size(type, &v, &b);
}

void dequantize_row(GgmlType type, const uint8_t* src, float* out, int64_t n) {
  switch (type) {
    case GgmlType::Q4_0: return q4_0(src, out, n / 32);
    case GgmlType::Q4_1: return q4_1(src, out, n / 32);
    case GgmlType::Q5_0: return q5_0(src, out, n / 32);
    case GgmlType::Q5_1: return q5_1(src, out, n / 32);
    case GgmlType::Q8_0: return q8_0(src, out, n / 32);
    case GgmlType::Q2_K: return q2_k(src, out, n / 256);
    case GgmlType::Q3_K: return q3_k(src, out, n / 256);
    case GgmlType::Q4_K: return q4_k(src, out, n / 256);
    case GgmlType::Q5_K: return q5_k(src, out, n / 256);
    case GgmlType::Q6_K: return q6_k(src, out, n / 256);
    default: return;  // float types are read by table_file.cpp
  }
}

}  // namespace lv
