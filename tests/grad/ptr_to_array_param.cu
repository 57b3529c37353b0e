// cuad: --fn k
// cuad: fwd --fn k
// Pointers to arrays as parameters: a kernel taking `const double (*A)[N]` and writing
// `double (*B)[N]`, with `double C[][N]` beside them; a helper writing rows through
// `double (*y)[N]` (`D + 2 * i`) and reading through a moving `const double (*a)[N]` (`a++`
// per row), and a shared tile viewed through `double (*t)[N] = tile + 1` (rows past the first).
#include <cuda_runtime.h>
#define N 3

__device__ void scaled_squares(double (*y)[N], const double (*a)[N], double s, int rows) {
  for (int r = 0; r < rows; ++r, a++)
    for (int j = 0; j < N; ++j) y[r][j] = s * (*a)[j] * (*a)[j];
}

__global__ void k(const double (*A)[N], double (*B)[N], const double C[][N], double (*D)[N], double s,
                  int m) {
  __shared__ double tile[4][N];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 4)
    for (int j = 0; j < N; ++j) tile[threadIdx.x][j] = A[0][j] * (threadIdx.x + 1);
  __syncthreads();
  if (i < m) {
    double (*t)[N] = tile + 1;
    for (int j = 0; j < N; ++j) B[i][j] = A[i][j] * C[i][N - 1 - j] + t[i % 3][j];
    scaled_squares(D + 2 * i, A + i, s, 2);
  }
}
