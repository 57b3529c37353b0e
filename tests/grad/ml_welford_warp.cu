// cuad: --fn layernorm_welford --wrt y,x,gamma,beta
// LayerNorm with Welford statistics (Apex style): per-lane Welford updates through device
// helpers taking references, a shuffle-down Welford combine, lane 0's result broadcast with
// __shfl_sync. One warp per row.
__device__ __forceinline__ void welford_update(double x, double& mean, double& m2, double& count) {
  count += 1.0;
  const double d = x - mean;
  mean += d / count;
  m2 += d * (x - mean);
}
__device__ __forceinline__ void welford_combine(double bmean, double bm2, double bcount, double& mean,
                                                double& m2, double& count) {
  const double n = count + bcount;
  const double d = bmean - mean;
  const double nb = bcount / n;
  mean += d * nb;
  m2 += bm2 + d * d * count * nb;
  count = n;
}
__global__ void layernorm_welford(double* y, const double* x, const double* gamma, const double* beta, int cols,
                                  double eps) {
  const int row = blockIdx.x, lane = threadIdx.x;
  const double* xr = x + row * cols;
  double mean = 0.0, m2 = 0.0, count = 0.0;
  for (int j = lane; j < cols; j += 32) welford_update(xr[j], mean, m2, count);
  for (int o = 16; o > 0; o >>= 1) {
    const double bmean = __shfl_down_sync(0xffffffff, mean, o);
    const double bm2 = __shfl_down_sync(0xffffffff, m2, o);
    const double bcount = __shfl_down_sync(0xffffffff, count, o);
    welford_combine(bmean, bm2, bcount, mean, m2, count);
  }
  mean = __shfl_sync(0xffffffff, mean, 0);
  m2 = __shfl_sync(0xffffffff, m2, 0);
  const double rstd = 1.0 / sqrt(m2 / cols + eps);
  for (int j = lane; j < cols; j += 32) y[row * cols + j] = (xr[j] - mean) * rstd * gamma[j] + beta[j];
}
