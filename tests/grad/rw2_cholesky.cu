// cuad: --fn batched_chol_solve --wrt x,A,b
// Batched small SPD solves, one system per thread (e.g. per-pixel normal equations): load a
// 4x4 matrix into a local array, in-place Cholesky A = L L^T with triangular loops, then
// forward and back substitution. Double precision.
#define NB 4

__device__ void cholesky_inplace(double a[NB][NB]) {
  for (int j = 0; j < NB; ++j) {
    double d = a[j][j];
    for (int k = 0; k < j; ++k) d -= a[j][k] * a[j][k];
    d = sqrt(d);
    a[j][j] = d;
    for (int i = j + 1; i < NB; ++i) {
      double s = a[i][j];
      for (int k = 0; k < j; ++k) s -= a[i][k] * a[j][k];
      a[i][j] = s / d;
    }
  }
}

__global__ void batched_chol_solve(double* x, const double* A, const double* b, int batch) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= batch) return;
  double L[NB][NB];
  double y[NB];
  for (int i = 0; i < NB; ++i)
    for (int j = 0; j < NB; ++j) L[i][j] = A[t * NB * NB + i * NB + j];
  cholesky_inplace(L);
  for (int i = 0; i < NB; ++i) {
    double s = b[t * NB + i];
    for (int k = 0; k < i; ++k) s -= L[i][k] * y[k];
    y[i] = s / L[i][i];
  }
  for (int i = NB - 1; i >= 0; --i) {
    double s = y[i];
    for (int k = i + 1; k < NB; ++k) s -= L[k][i] * x[t * NB + k];
    x[t * NB + i] = s / L[i][i];
  }
}
