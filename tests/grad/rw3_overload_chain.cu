// cuad: --fn pair_energy --wrt pos,k,energy
// Overloaded device functions (scalar, two-argument and vector forms of `sq`), a call chain
// three deep that passes a local array by reference (`const double (&)[3]`), an out-parameter
// by pointer and one by reference, and a helper that returns early for far pairs.
#include <cuda_runtime.h>

__device__ __forceinline__ double sq(double a) { return a * a; }
__device__ __forceinline__ double sq(double a, double b) { return a * a + b * b; }
__device__ __forceinline__ double sq(const double (&v)[3]) { return sq(v[0], v[1]) + sq(v[2]); }

__device__ void separation(const double* a, const double* b, double (&d)[3]) {
  for (int c = 0; c < 3; ++c) d[c] = a[c] - b[c];
}

__device__ double spring(const double (&d)[3], double k, double rest, double* stretch) {
  const double r = sqrt(sq(d));
  *stretch = r - rest;
  if (r > 3.0) return 0.0;
  return 0.5 * k * sq(*stretch);
}

__device__ void accumulate(const double* a, const double* b, double k, double& e) {
  double d[3];
  separation(a, b, d);
  double stretch;
  const double v = spring(d, k, 1.0, &stretch);
  e += v + 0.01 * stretch * stretch * stretch;
}

__global__ void pair_energy(const double* pos, const int* pairs, const double* k, double* energy,
                            int n_pairs) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_pairs) return;
  double e = 0.0;
  accumulate(pos + 3 * pairs[2 * p], pos + 3 * pairs[2 * p + 1], k[p], e);
  energy[p] = e;
}
