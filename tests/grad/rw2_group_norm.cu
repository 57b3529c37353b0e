// cuad: --fn group_norm_fwd --wrt y,x,gamma,beta
// GroupNorm forward (N, C, HW): one block per (sample, group), block-stride loops over the
// group's C/G * HW values, sum and sum of squares reduced in two __shared__ arrays with a
// tree, var = E[x^2] - mean^2, rsqrtf, then the per-channel affine transform.
#define BLOCK 64

__global__ void group_norm_fwd(double* __restrict__ y, const double* __restrict__ x,
                               const double* __restrict__ gamma, const double* __restrict__ beta,
                               int C, int HW, int G, double eps) {
  __shared__ double s_sum[BLOCK];
  __shared__ double s_sq[BLOCK];
  const int ng = blockIdx.x;
  const int n = ng / G, g = ng % G;
  const int cpg = C / G;
  const int len = cpg * HW;
  const double* xg = x + ((size_t)n * C + g * cpg) * HW;
  double* yg = y + ((size_t)n * C + g * cpg) * HW;
  double sum = 0.0, sq = 0.0;
  for (int i = threadIdx.x; i < len; i += blockDim.x) {
    double v = xg[i];
    sum += v;
    sq += v * v;
  }
  s_sum[threadIdx.x] = sum;
  s_sq[threadIdx.x] = sq;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) {
      s_sum[threadIdx.x] += s_sum[threadIdx.x + s];
      s_sq[threadIdx.x] += s_sq[threadIdx.x + s];
    }
    __syncthreads();
  }
  const double mean = s_sum[0] / len;
  const double var = s_sq[0] / len - mean * mean;
  const double rstd = 1.0 / sqrt(var + eps);
  for (int i = threadIdx.x; i < len; i += blockDim.x) {
    const int c = g * cpg + i / HW;
    yg[i] = (xg[i] - mean) * rstd * gamma[c] + beta[c];
  }
}
