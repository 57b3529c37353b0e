// cuad: --fn k --wrt x,out
// Minimal repro: a small view struct holding a pointer to a local array (`View v{buf}`, an
// accessor returning m[i] by reference): `buf` gets an adjoint array and `_d_v.m` points at
// it (before: `_d_v.m` stayed null and the reverse pass wrote through it).
#include <cuda_runtime.h>

struct View {
  double* m;
  __device__ double& at(int i) { return m[i]; }
};

__global__ void k(const double* x, double* out, int rounds) {
  double buf[2];
  View v{buf};
  double acc = 0.0;
  for (int r = 0; r < rounds; ++r) {
    v.at(0) = x[2 * r];
    v.at(1) = x[2 * r + 1];
    acc += v.at(0) * v.at(1);
  }
  out[0] = acc;
}
