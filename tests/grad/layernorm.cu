// cuad: --fn layernorm --wrt x,gamma,beta,y
// Layer normalization as written for GPUs: one block per row, a block-stride loop for the
// row sums, a shared-memory tree reduction of two arrays, then the normalized row.
__global__ void layernorm(const double* x, const double* gamma, const double* beta, double* y, int cols, double eps) {
  __shared__ double s_sum[256];
  __shared__ double s_sq[256];
  int row = blockIdx.x;
  int t = threadIdx.x;
  const double* xr = x + row * cols;
  double sum = 0.0, sq = 0.0;
  for (int j = t; j < cols; j += blockDim.x) { double v = xr[j]; sum += v; sq += v * v; }
  s_sum[t] = sum; s_sq[t] = sq;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) { s_sum[t] += s_sum[t + s]; s_sq[t] += s_sq[t + s]; }
    __syncthreads();
  }
  double mean = s_sum[0] / cols;
  double var = s_sq[0] / cols - mean * mean;
  double inv = 1.0 / sqrt(var + eps);
  for (int j = t; j < cols; j += blockDim.x)
    y[row * cols + j] = (xr[j] - mean) * inv * gamma[j] + beta[j];
}
