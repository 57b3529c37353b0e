// cuad: --fn solve3 --wrt x,A,b
// Batched 3x3 dense solves, one system per thread: Gaussian elimination without pivoting on
// local arrays that are overwritten in nested loops, then back substitution.
__global__ void solve3(double* x, const double* A, const double* b, int nsys) {
  int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= nsys) return;
  double M[3][3];
  double r[3];
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) M[i][j] = A[9 * s + 3 * i + j];
    r[i] = b[3 * s + i];
  }
  for (int k = 0; k < 3; ++k) {
    for (int i = k + 1; i < 3; ++i) {
      double f = M[i][k] / M[k][k];
      for (int j = k; j < 3; ++j) M[i][j] -= f * M[k][j];
      r[i] -= f * r[k];
    }
  }
  double sol[3];
  for (int i = 2; i >= 0; --i) {
    double acc = r[i];
    for (int j = i + 1; j < 3; ++j) acc -= M[i][j] * sol[j];
    sol[i] = acc / M[i][i];
  }
  for (int i = 0; i < 3; ++i) x[3 * s + i] = sol[i];
}
