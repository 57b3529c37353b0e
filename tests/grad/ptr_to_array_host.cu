// cuad: --fn energy
// cuad: fwd --fn energy
// A host function viewing a `malloc` buffer as rows, `double (*A)[M] = (double (*)[M])buf;`:
// rows filled through `A[r][j]`, read back through a row pointer `A[r]` and `*(A + r)`.
#include <cstdlib>
#define M 3

double energy(const double* x, int n) {
  double* buf = (double*)malloc(n * M * sizeof(double));
  double (*A)[M] = (double (*)[M])buf;
  for (int r = 0; r < n; ++r)
    for (int j = 0; j < M; ++j) A[r][j] = x[r * M + j] * x[(r * M + j + 1) % (n * M)];
  double e = 0;
  for (int r = 0; r < n; ++r) {
    const double* row = A[r];
    e += row[0] * row[2] - sin((*(A + r))[1]);
  }
  free(buf);
  return e;
}
