// cuad: --fn soft_dtw_warp --wrt x,y,out
// cuad: fwd --fn soft_dtw_warp --wrt x,y,out
// Soft-DTW with the anti-diagonal wavefront carried in registers by warp shuffles (the
// register-resident variant of the CUDA soft-DTW kernels): one warp per sequence pair,
// several pairs per block, lane l owns row l + 1 of the DP (N <= 32), and at pass p it
// updates column p - l + 1. R[i-1][j] arrives from lane l - 1 through __shfl_up_sync of the
// value that lane produced in the previous pass, R[i-1][j-1] is the value received one pass
// earlier, R[i][j-1] stays in the lane. The cost is the squared distance computed on the fly;
// the soft minimum is the stabilised log-sum-exp with temperature gamma. Lane N - 1 writes
// R[N][M].
#include <cuda_runtime.h>
#include <math.h>

#define FULL_MASK 0xffffffffu
#define SDTW_BIG 1e10

__device__ __forceinline__ double softmin3(double a, double b, double c, double gamma) {
  const double m = fmin(fmin(a, b), c);
  return m - gamma * log(exp((m - a) / gamma) + exp((m - b) / gamma) + exp((m - c) / gamma));
}

__global__ void soft_dtw_warp(const double* __restrict__ x, const double* __restrict__ y,
                              int B, int N, int M, int dim, double gamma,
                              double* __restrict__ out) {
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int lane = threadIdx.x & 31;
  if (warp >= B) return;  // whole warps leave together
  const double* xb = x + (size_t)warp * N * dim;
  const double* yb = y + (size_t)warp * M * dim;
  const int i = lane + 1;

  double cur = SDTW_BIG;                      // R[i][j] of the lane's last update
  double left = SDTW_BIG;                     // R[i][j-1]
  double diag = lane == 0 ? 0.0 : SDTW_BIG;   // R[i-1][j-1]
  for (int p = 0; p < N + M - 1; ++p) {
    double up = __shfl_up_sync(FULL_MASK, cur, 1);
    if (lane == 0) up = SDTW_BIG;
    const int j = p - lane + 1;
    if (lane < N && j >= 1 && j <= M) {
      double cost = 0.0;
      for (int k = 0; k < dim; ++k) {
        const double d = xb[(i - 1) * dim + k] - yb[(j - 1) * dim + k];
        cost += d * d;
      }
      cur = cost + softmin3(diag, up, left, gamma);
      left = cur;
    }
    diag = up;
  }
  if (lane == N - 1) out[warp] = cur;
}
