// cuad: --fn ln_elu_rows --wrt x,params,y,rstd_out
// cuad: fwd --fn ln_elu_rows --wrt x,params,y,rstd_out
// A fused LayerNorm + ELU over short rows (one thread per row, as for per-token norms of
// small heads), in C++17 style: a Welford accumulator struct with default member initializers
// and methods (`push`, `finish` returning a struct), `auto [mean, var] = acc.finish();`,
// `const auto& [g, b] = params[c];` unpacking an array-of-structs parameter, a generic
// lambda `[&](auto v)` capturing the bound names, and `if (const double z = ...; z > 0.0)`
// (if with an initializer) choosing the ELU branch. Also stores the per-row rstd.
#include <cuda_runtime.h>
#include <cmath>

struct MeanVar {
  double mean;
  double var;
};

struct Welford {
  double mean = 0.0;
  double m2 = 0.0;
  int count = 0;
  __device__ void push(double v) {
    ++count;
    const double d = v - mean;
    mean += d / count;
    m2 += d * (v - mean);
  }
  __device__ MeanVar finish() const { return {mean, m2 / count}; }
};

struct GammaBeta {
  double gamma;
  double beta;
};

__global__ void ln_elu_rows(const double* __restrict__ x, const GammaBeta* __restrict__ params,
                            double* __restrict__ y, double* __restrict__ rstd_out, int rows,
                            int cols, double eps) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows) return;
  const double* xr = x + row * cols;
  Welford acc;
  for (int c = 0; c < cols; ++c) acc.push(xr[c]);
  auto [mean, var] = acc.finish();
  const double rstd = 1.0 / sqrt(var + eps);
  auto normalize = [&](auto v) { return (v - mean) * rstd; };
  for (int c = 0; c < cols; ++c) {
    const auto& [g, b] = params[c];
    if (const double z = g * normalize(xr[c]) + b; z > 0.0)
      y[row * cols + c] = z;
    else
      y[row * cols + c] = expm1(z);
  }
  rstd_out[row] = rstd;
}
