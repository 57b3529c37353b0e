// cuad: --fn k
// Minimal: a device lambda captures a local array by reference and updates it. cuad refuses:
// "cuad cannot differentiate a lambda capturing the array `a` yet". The same code with a
// __device__ helper taking the array as a pointer is differentiated correctly.
#include <cuda_runtime.h>
__global__ void k(const double* __restrict__ x, double* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double a[3] = {x[3 * i], x[3 * i + 1], x[3 * i + 2]};
  auto move = [&](int from, int to, double f) {
    const double d = f * a[from];
    a[from] -= d;
    a[to] += d;
  };
  move(0, 1, 0.3 * a[2]);
  move(2, 0, 0.5);
  for (int j = 0; j < 3; ++j) y[3 * i + j] = a[j] * a[j];
}
