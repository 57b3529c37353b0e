// Literal and cast forms the lexer and parser must accept: integer suffixes, hex and
// binary literals, digit separators, hex floats, exponents, char escapes, C-style and
// named casts, sizeof/alignof, bit manipulation and the comma operator.
#include <cstdint>

__device__ unsigned int hash32(unsigned int x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

__device__ float uniform01(unsigned int bits) {
  return (bits >> 8) * 0x1.0p-24f;
}

__global__ void literal_mix(float *out, double *dout, uint64_t *words, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const long long big = 1'000'000'007LL;
  const unsigned long long mask = 0xFFFF'FFFFull;
  const int bin = 0b1011;
  const int oct = 017;
  float a = 1.5f, b = .25f, c = 3.f, d = 1e-3f, e = 2.5E+2F;
  double p = 6.02214076e23, q = 0x1.8p1, r = 1e-300;
  char ch = '\n', quote = '\'', zero = '\0', hexc = '\x41';
  out[i] = a + b + c + d + e + uniform01(hash32((unsigned)i)) + (float)(ch + quote + zero + hexc);
  dout[i] = p * r + q + static_cast<double>(big % 97) + (double)bin + oct;
  int tmp, idx = (tmp = i * 2, tmp + 1);
  words[i] = (static_cast<uint64_t>(idx) << 32 | (mask & ~0ull)) ^ sizeof(float4) ^ alignof(double2);
  const float *pf = reinterpret_cast<const float *>(&dout[i]);
  out[i] += *const_cast<float *>(pf) * 0.0f + (i % 3 == 0 ? -1 : +1) * (float)(!i) + (i & 1 ? 1 : 0);
}
