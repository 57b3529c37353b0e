// cuad: --fn knf
// cuad: --fn knd
// cuad: fwd --fn knf
// cuad: fwd --fn knd
// The CUDA norm family: `normf(dim, p)` / `rnormf(dim, p)` read an array (a local one and a
// row of a global one), `norm3df`, `rnorm3df`, `norm4df`, `rnorm4df`, `rhypotf`, `rcbrtf`
// take scalars; the double versions likewise.
#include <cuda_runtime.h>

__global__ void knf(const float* x, float* out, int dim, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v[3] = {x[4 * i], x[4 * i + 1] * x[4 * i], x[4 * i + 2]};
    float a = normf(3, v) + 2.0f * rnormf(3, v);
    float b = norm3df(v[0], v[1], v[2]) * rnorm4df(v[0], v[1], v[2], x[4 * i + 3]);
    float c = norm4df(x[4 * i + 3], v[0], v[2], 0.5f) + rnorm3df(v[1], 1.0f, v[2]);
    out[i] = a + b * c + normf(dim, x + 4 * i) * rnormf(dim, &x[4 * i]) + rhypotf(v[0], v[2]) +
             rcbrtf(x[4 * i + 3]);
  }
}

__global__ void knd(const double* x, double* out, int dim, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double v[3] = {x[4 * i], x[4 * i + 1] * x[4 * i], x[4 * i + 2]};
    double a = norm(3, v) + 2.0 * rnorm(3, v);
    double b = norm3d(v[0], v[1], v[2]) * rnorm4d(v[0], v[1], v[2], x[4 * i + 3]);
    double c = norm4d(x[4 * i + 3], v[0], v[2], 0.5) + rnorm3d(v[1], 1.0, v[2]);
    out[i] = a + b * c + norm(dim, x + 4 * i) * rnorm(dim, &x[4 * i]) * x[4 * i + 1] +
             rhypot(v[0], v[2]) + rcbrt(x[4 * i + 3]);
  }
}
