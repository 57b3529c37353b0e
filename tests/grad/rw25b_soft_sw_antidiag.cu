// cuad: --fn soft_smith_waterman --wrt subst,gap,temp
// Differentiable local alignment (soft Smith-Waterman, as in learned-alignment models such as
// SMURF): the max of the classic recursion is replaced by a temperature-scaled log-sum-exp,
//   H[i][j] = T * log( exp(0) + exp((H[i-1][j-1] + s(a_i, b_j)) / T)
//                      + exp((H[i-1][j] + g) / T) + exp((H[i][j-1] + g) / T) ),
// and the alignment score is the soft maximum over all cells. The host function uploads the
// two DNA sequences and the 4x4 substitution matrix, clears the DP table (borders are 0) and
// sweeps the anti-diagonals d = i + j with one kernel launch each (cells of one diagonal are
// independent). A last kernel reduces every block's stretch of cells to a (max, sum of
// exp) pair in shared memory; the host combines the pairs into the final log-sum-exp.
#include <cuda_runtime.h>
#include <math.h>
#include <vector>

#define ALPHA 4
#define RED_THREADS 64

__device__ __forceinline__ double soft_max4(double a, double b, double c, double d, double t) {
  const double m = fmax(fmax(a, b), fmax(c, d));
  const double s = exp((a - m) / t) + exp((b - m) / t) + exp((c - m) / t) + exp((d - m) / t);
  return m + t * log(s);
}

__global__ void sw_antidiag(double* H, const int* a, const int* b, const double* subst, double gap,
                            double temp, int m, int n, int d) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  const int i_lo = max(1, d - n);
  const int i_hi = min(m, d - 1);
  const int i = i_lo + k;
  if (i > i_hi) return;
  const int j = d - i;
  const int W = n + 1;
  const double diag = H[(i - 1) * W + (j - 1)] + subst[a[i - 1] * ALPHA + b[j - 1]];
  const double up = H[(i - 1) * W + j] + gap;
  const double left = H[i * W + (j - 1)] + gap;
  H[i * W + j] = soft_max4(0.0, diag, up, left, temp);
}

// Each block: max and sum of exp((H - max) / T) over a grid-stride slice of the interior cells.
__global__ void lse_partials(const double* H, int m, int n, double temp, double* pmax, double* psum) {
  __shared__ double s_m[RED_THREADS];
  __shared__ double s_s[RED_THREADS];
  const int tid = threadIdx.x;
  const int cells = m * n;
  double lm = -1e30;
  for (int c = blockIdx.x * blockDim.x + tid; c < cells; c += gridDim.x * blockDim.x) {
    const int i = c / n + 1, j = c % n + 1;
    lm = fmax(lm, H[i * (n + 1) + j]);
  }
  s_m[tid] = lm;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) s_m[tid] = fmax(s_m[tid], s_m[tid + s]);
    __syncthreads();
  }
  const double bm = s_m[0];
  double ls = 0.0;
  for (int c = blockIdx.x * blockDim.x + tid; c < cells; c += gridDim.x * blockDim.x) {
    const int i = c / n + 1, j = c % n + 1;
    ls += exp((H[i * (n + 1) + j] - bm) / temp);
  }
  s_s[tid] = ls;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) s_s[tid] += s_s[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    pmax[blockIdx.x] = bm;
    psum[blockIdx.x] = s_s[0];
  }
}

double soft_smith_waterman(const int* seq_a, const int* seq_b, const double* subst, double gap,
                           double temp, int m, int n) {
  const int cells = (m + 1) * (n + 1);
  const int nblk = 3;
  int *d_a, *d_b;
  double *d_sub, *d_H, *d_pmax, *d_psum;
  cudaMalloc(&d_a, m * sizeof(int));
  cudaMalloc(&d_b, n * sizeof(int));
  cudaMalloc(&d_sub, ALPHA * ALPHA * sizeof(double));
  cudaMalloc(&d_H, cells * sizeof(double));
  cudaMalloc(&d_pmax, nblk * sizeof(double));
  cudaMalloc(&d_psum, nblk * sizeof(double));
  cudaMemcpy(d_a, seq_a, m * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, seq_b, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_sub, subst, ALPHA * ALPHA * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_H, 0, cells * sizeof(double));
  for (int d = 2; d <= m + n; ++d) {
    const int len = min(m, d - 1) - max(1, d - n) + 1;
    const int threads = 32;
    sw_antidiag<<<(len + threads - 1) / threads, threads>>>(d_H, d_a, d_b, d_sub, gap, temp, m, n, d);
  }
  lse_partials<<<nblk, RED_THREADS>>>(d_H, m, n, temp, d_pmax, d_psum);
  std::vector<double> pm(nblk), ps(nblk);
  cudaMemcpy(pm.data(), d_pmax, nblk * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(ps.data(), d_psum, nblk * sizeof(double), cudaMemcpyDeviceToHost);
  double gm = pm[0];
  for (int k = 1; k < nblk; ++k) gm = fmax(gm, pm[k]);
  double total = 0.0;
  for (int k = 0; k < nblk; ++k) total += ps[k] * exp((pm[k] - gm) / temp);
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_sub);
  cudaFree(d_H);
  cudaFree(d_pmax);
  cudaFree(d_psum);
  return gm + temp * log(total);
}
