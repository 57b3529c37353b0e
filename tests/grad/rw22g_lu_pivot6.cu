// cuad: --fn lu_solve6 --wrt A,b,x,logabsdet
// cuad: fwd --fn lu_solve6
// Batched dense solves, one 6x6 system per thread, as a small-matrix library writes them:
// the matrix loaded into a local 2-D array, in-place LU factorization with partial pivoting
// (pivot search by fabs, whole-row swaps, an int permutation array rewritten as rows move,
// multipliers stored in the strict lower triangle), then forward substitution through the
// permutation and back substitution that reads the solution back from global memory; the
// permutation and log|det| are written out too.
#define N 6

__device__ void lu_factor(double a[N][N], int perm[N]) {
  for (int i = 0; i < N; ++i) perm[i] = i;
  for (int k = 0; k < N; ++k) {
    int p = k;
    double amax = fabs(a[k][k]);
    for (int i = k + 1; i < N; ++i) {
      const double v = fabs(a[i][k]);
      if (v > amax) {
        amax = v;
        p = i;
      }
    }
    if (p != k) {
      for (int j = 0; j < N; ++j) {
        const double tmp = a[k][j];
        a[k][j] = a[p][j];
        a[p][j] = tmp;
      }
      const int tp = perm[k];
      perm[k] = perm[p];
      perm[p] = tp;
    }
    const double inv = 1.0 / a[k][k];
    for (int i = k + 1; i < N; ++i) {
      a[i][k] *= inv;
      const double l = a[i][k];
#pragma unroll
      for (int j = k + 1; j < N; ++j) a[i][j] -= l * a[k][j];
    }
  }
}

__global__ void lu_solve6(int batch, const double* __restrict__ A, const double* __restrict__ b,
                          double* x, int* perm_out, double* logabsdet) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= batch) return;
  double a[N][N];
  int perm[N];
  for (int i = 0; i < N; ++i)
#pragma unroll
    for (int j = 0; j < N; ++j) a[i][j] = A[(size_t)t * N * N + i * N + j];
  lu_factor(a, perm);
  double y[N];
  for (int i = 0; i < N; ++i) {
    double s = b[t * N + perm[i]];
    for (int j = 0; j < i; ++j) s -= a[i][j] * y[j];
    y[i] = s;
  }
  for (int i = N - 1; i >= 0; --i) {
    double s = y[i];
    for (int j = i + 1; j < N; ++j) s -= a[i][j] * x[t * N + j];
    x[t * N + i] = s / a[i][i];
  }
  double ld = 0.0;
  for (int i = 0; i < N; ++i) {
    perm_out[t * N + i] = perm[i];
    ld += log(fabs(a[i][i]));
  }
  logabsdet[t] = ld;
}
