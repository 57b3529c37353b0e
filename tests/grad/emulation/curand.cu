// cuRAND device API of the emulation: deterministic streams per (seed, subsequence, offset),
// offsets and skipahead agreeing, uniforms in (0, 1] with the right moments, Box-Muller normals
// (curand_normal returning both halves of curand_normal2), the double and Philox x4 variants.
#include <cmath>
#include <cstdio>
#include <curand_kernel.h>

static int failures = 0;
#define EXPECT(cond)                                          \
  do {                                                        \
    if (!(cond)) {                                            \
      std::printf("line %d: expected %s\n", __LINE__, #cond); \
      ++failures;                                             \
    }                                                         \
  } while (0)

const int kThreads = 64, kDraws = 512;

__global__ void setup(curandState* st, unsigned long long seed) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, i, 0, &st[i]);
}

// per thread: sums of u, u^2, z, z^2, min u, max u over kDraws draws, plus the double ones.
__global__ void moments(curandState* st, double* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  curandState s = st[i];
  double su = 0, su2 = 0, sz = 0, sz2 = 0, lo = 2, hi = -1, sd = 0, szd = 0, szd2 = 0;
  for (int k = 0; k < kDraws; ++k) {
    const float u = curand_uniform(&s);
    const float z = curand_normal(&s);
    const double ud = curand_uniform_double(&s);
    const double zd = curand_normal_double(&s);
    su += u, su2 += (double)u * u, sz += z, sz2 += (double)z * z;
    lo = fmin(lo, fmin((double)u, ud)), hi = fmax(hi, fmax((double)u, ud));
    sd += ud, szd += zd, szd2 += zd * zd;
  }
  st[i] = s;
  double* o = out + 9 * i;
  o[0] = su, o[1] = su2, o[2] = sz, o[3] = sz2, o[4] = lo, o[5] = hi, o[6] = sd, o[7] = szd,
  o[8] = szd2;
}

int main() {
  curandState* st;
  double* d_out;
  cudaMalloc(&st, kThreads * sizeof(curandState));
  cudaMalloc(&d_out, 9 * kThreads * sizeof(double));
  setup<<<2, kThreads / 2>>>(st, 1234ull);
  moments<<<2, kThreads / 2>>>(st, d_out);
  double out[9 * kThreads];
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  double m[9] = {0};
  for (int i = 0; i < kThreads; ++i)
    for (int j = 0; j < 9; ++j) m[j] += out[9 * i + j];
  const double n = (double)kThreads * kDraws;
  EXPECT(std::fabs(m[0] / n - 0.5) < 0.01);
  EXPECT(std::fabs(m[1] / n - 1.0 / 3.0) < 0.01);
  EXPECT(std::fabs(m[2] / n) < 0.02);
  EXPECT(std::fabs(m[3] / n - 1.0) < 0.03);
  EXPECT(m[4] > 0.0);
  for (int i = 0; i < kThreads; ++i) EXPECT(out[9 * i + 5] <= 1.0);
  EXPECT(std::fabs(m[6] / n - 0.5) < 0.01);
  EXPECT(std::fabs(m[7] / n) < 0.02);
  EXPECT(std::fabs(m[8] / n - 1.0) < 0.03);
  // The kernel advanced the states: a second run draws other numbers; a re-init repeats.
  double again[9 * kThreads];
  moments<<<2, kThreads / 2>>>(st, d_out);
  cudaMemcpy(again, d_out, sizeof again, cudaMemcpyDeviceToHost);
  EXPECT(again[0] != out[0]);
  setup<<<2, kThreads / 2>>>(st, 1234ull);
  moments<<<2, kThreads / 2>>>(st, d_out);
  cudaMemcpy(again, d_out, sizeof again, cudaMemcpyDeviceToHost);
  for (int j = 0; j < 9 * kThreads; ++j) EXPECT(again[j] == out[j]);
  cudaFree(st);
  cudaFree(d_out);

  // Host-side checks of the same device functions.
  curandState a, b, c;
  curand_init(7, 3, 0, &a);
  curand_init(7, 3, 5, &b);
  for (int k = 0; k < 5; ++k) curand(&a);
  curand_init(7, 3, 0, &c);
  skipahead(5ull, &c);
  for (int k = 0; k < 9; ++k) {
    const unsigned x = curand(&a), y = curand(&b), z = curand(&c);
    EXPECT(x == y && y == z);
  }
  curand_init(7, 0, 0, &a);
  curand_init(7, 4, 0, &b);
  skipahead_sequence(4ull, &a);
  EXPECT(curand(&a) == curand(&b));
  curand_init(7, 5, 0, &c);
  EXPECT(curand(&b) != curand(&c));
  curand_init(9, 1, 0, &a);
  curand_init(9, 1, 0, &b);
  const float2 pair = curand_normal2(&a);
  EXPECT(curand_normal(&b) == pair.x);
  EXPECT(curand_normal(&b) == pair.y);
  curandStatePhilox4_32_10_t p, q;
  curand_init(11, 2, 0, &p);
  curand_init(11, 2, 0, &q);
  const float4 u4 = curand_uniform4(&p);
  EXPECT(u4.x == curand_uniform(&q) && u4.y == curand_uniform(&q) && u4.z == curand_uniform(&q) &&
         u4.w == curand_uniform(&q));
  const float l = curand_log_normal(&p, 0.5f, 0.0f);
  EXPECT(std::fabs(l - std::exp(0.5f)) < 1e-6f);
  unsigned long long total = 0;
  for (int k = 0; k < 2000; ++k) total += curand_poisson(&p, 3.5);
  EXPECT(std::fabs(total / 2000.0 - 3.5) < 0.15);
  if (failures == 0) std::printf("curand emulation: ok\n");
  return failures == 0 ? 0 : 1;
}
