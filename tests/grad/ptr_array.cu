// cuad: --fn k
// cuad: fwd --fn k
#define N 4
__device__ double rowsum(const double (*g)[N], int r) { double s = 0; for (int j = 0; j < N; ++j) s += g[r][j] * g[r][j]; return s; }
__global__ void k(const double* p, double* out, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) { const double (*g)[N] = (const double (*)[N])(p + i * N * N); out[i] = rowsum(g, 1) + g[2][3]; }
}
