// cuad: --fn k
// cuad: fwd --fn k
// Lambdas capturing local arrays: by reference and written (a 2-D array), by value and only
// read (`[=]`, and `[w]` explicitly), and a `__shared__` array used in a `[&]` lambda.
#include <cuda_runtime.h>

__global__ void k(int n, const double* x, double* out) {
  __shared__ double tile[64];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int t = threadIdx.x;
  tile[t] = i < n ? x[2 * i] * x[2 * i + 1] : 0.0;
  __syncthreads();
  if (i >= n) return;
  double m[2][2] = {{0.0, 0.0}, {0.0, 0.0}};
  const double w[2] = {x[2 * i], sin(x[2 * i + 1])};
  auto outer = [&](int r, double a) {
    for (int c = 0; c < 2; ++c) m[r][c] += a * w[c];
  };
  const auto dotw = [=](double a, double b) { return a * w[0] + b * w[1] * w[1]; };
  auto neigh = [&](int o) { return tile[(t + o) % 64] * tile[t]; };
  auto dotw2 = [w](double a) { return a * w[0] * w[1]; };
  for (int r = 0; r < 2; ++r) outer(r, x[2 * i + r] * x[2 * i + r]);
  out[i] = m[0][1] * m[1][0] + dotw(m[0][0], m[1][1]) + neigh(1) + dotw2(neigh(2));
}
