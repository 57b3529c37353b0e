// cuad: --fn k
// cuad: fwd --fn k
// Pointers to arrays as C-style scientific code views a flat buffer as rows: a local
// `const double (*g)[N]` cast from an offset into the input, rows read through it and passed to
// a helper taking `const double (*g)[N]`, a row taken as a plain pointer (`g[r]`, `*(g + 1)`),
// the view moved by pointer arithmetic (`g + 2`, `++h`), and an output block updated in place
// through `double (*o)[N]`.
#include <cuda_runtime.h>
#define N 4

__device__ double rowsum(const double (*g)[N], int r) {
  double s = 0;
  for (int j = 0; j < N; ++j) s += g[r][j] * g[r][j];
  return s;
}

__device__ double dotrow(const double* a, const double* b) {
  double s = 0;
  for (int j = 0; j < N; ++j) s += a[j] * b[j];
  return s;
}

__global__ void k(const double* p, double* out, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    const double (*g)[N] = (const double (*)[N])(p + i * N * N);
    double (*o)[N] = (double (*)[N])(out + i * N * N);
    const double* row = g[3];
    double t = rowsum(g, 1) + g[2][3] * row[1] + dotrow(*(g + 1), g[0]);
    const double (*h)[N] = g + 2;
    ++h;
    t += sin(h[0][2]) * (*h)[1];
    for (int r = 0; r < N; ++r)
      for (int j = 0; j < N; ++j) o[r][j] = o[r][j] * g[r][j] + t * g[j][r];
  }
}
