// cuad: --fn soft_dtw_forward --wrt x,y,gamma,out
// cuad: fwd --fn soft_dtw_forward --wrt x,y,gamma,out
// Soft-DTW between batches of multivariate sequences (the structure of the CUDA soft-DTW
// kernels used for time-series losses, e.g. pytorch-softdtw-cuda, moved into shared memory):
// one block per pair, the pairwise squared-Euclidean cost matrix built cooperatively into a
// carved `extern __shared__` buffer, then the DP R[i][j] = D[i-1][j-1] + softmin_gamma(R[i-1][j-1],
// R[i-1][j], R[i][j-1]) swept by anti-diagonals: thread I owns row I + 1, pass p updates the
// cells with I + J == p, and __syncthreads separates the diagonals (threads past the last
// row only take part in the barriers). The soft minimum is the stabilised log-sum-exp with
// the max subtracted; a Sakoe-Chiba band (bandwidth > 0) prunes cells; borders hold a large
// finite value. Thread 0 writes R[N][M].
#include <cuda_runtime.h>
#include <math.h>

#define SDTW_BIG 1e10

__device__ __forceinline__ double softmin3(double a, double b, double c, double gamma) {
  const double inv_gamma = 1.0 / gamma;
  const double r0 = -a * inv_gamma, r1 = -b * inv_gamma, r2 = -c * inv_gamma;
  const double rmax = fmax(fmax(r0, r1), r2);
  const double rsum = exp(r0 - rmax) + exp(r1 - rmax) + exp(r2 - rmax);
  return -gamma * (log(rsum) + rmax);
}

__global__ void soft_dtw_forward(const double* __restrict__ x, const double* __restrict__ y,
                                 const int N, const int M, const int dim, const double gamma,
                                 const int bandwidth, double* __restrict__ out) {
  extern __shared__ double smem[];
  const int b = blockIdx.x;
  const int tid = threadIdx.x;
  const int ld = M + 1;
  double* R = smem;                      // (N + 1) x (M + 1)
  double* D = smem + (N + 1) * (M + 1);  // N x M
  const double* xb = x + (size_t)b * N * dim;
  const double* yb = y + (size_t)b * M * dim;

  for (int e = tid; e < N * M; e += blockDim.x) {
    const int i = e / M, j = e % M;
    double acc = 0.0;
    for (int k = 0; k < dim; ++k) {
      const double diff = xb[i * dim + k] - yb[j * dim + k];
      acc += diff * diff;
    }
    D[e] = acc;
  }
  for (int e = tid; e < (N + 1) * (M + 1); e += blockDim.x) R[e] = e == 0 ? 0.0 : SDTW_BIG;
  __syncthreads();

  const int n_passes = N + M - 1;
  const int I = tid;
  for (int p = 0; p < n_passes; ++p) {
    const int J = max(0, min(p - tid, M - 1));
    const int i = I + 1, j = J + 1;
    if (I + J == p && I < N && J < M) {
      if (!(abs(i - j) > bandwidth && bandwidth > 0)) {
        R[i * ld + j] = D[(i - 1) * M + (j - 1)] +
                        softmin3(R[(i - 1) * ld + (j - 1)], R[(i - 1) * ld + j],
                                 R[i * ld + (j - 1)], gamma);
      }
    }
    __syncthreads();
  }
  if (tid == 0) out[b] = R[N * ld + M];
}
