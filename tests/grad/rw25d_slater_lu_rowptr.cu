// cuad: --fn slater_logdet_ratio --wrt orbitals,new_row,out
// cuad: fwd --fn slater_logdet_ratio --wrt orbitals,new_row,out
// Per-walker Slater-determinant bookkeeping of a QMC code: the N x N matrix of orbital values
// is LU-factorised in a local array with partial pivoting done by swapping row pointers
// (Numerical Recipes style, no data movement), giving ln|det A|; the same factors then solve
// A^T x = u (forward and back substitution through the row pointers) for the acceptance ratio
// of a single-electron move, det A' / det A = u . A^{-1} e_k, where u is the proposed row.
// Output per walker: (ln|det A|, ratio).
#include <cuda_runtime.h>
#include <math.h>

#define NORB 4

__global__ void slater_logdet_ratio(int n_walk, const double* __restrict__ orbitals, const double* __restrict__ new_row,
                                    const int* __restrict__ moved, double* __restrict__ out) {
  const int w = blockIdx.x * blockDim.x + threadIdx.x;
  if (w >= n_walk) return;
  double A[NORB][NORB];
  double* row[NORB];
  for (int i = 0; i < NORB; ++i) {
    for (int j = 0; j < NORB; ++j) A[i][j] = orbitals[(w * NORB + i) * NORB + j];
    row[i] = A[i];
  }
  int perm[NORB];
  for (int i = 0; i < NORB; ++i) perm[i] = i;
  double logdet = 0.0;
  for (int c = 0; c < NORB; ++c) {
    int piv = c;
    for (int r = c + 1; r < NORB; ++r)
      if (fabs(row[r][c]) > fabs(row[piv][c])) piv = r;
    if (piv != c) {
      double* t = row[c];
      row[c] = row[piv];
      row[piv] = t;
      const int ti = perm[c];
      perm[c] = perm[piv];
      perm[piv] = ti;
    }
    logdet += log(fabs(row[c][c]));
    for (int r = c + 1; r < NORB; ++r) {
      const double f = row[r][c] / row[c][c];
      row[r][c] = f;  // store L below the diagonal
      for (int k = c + 1; k < NORB; ++k) row[r][k] -= f * row[c][k];
    }
  }
  // row k of A replaced by u: ratio = u . (A^{-1} e_k); solve A x = e_k with P A = L U
  const int k = moved[w];
  double x[NORB], y[NORB];
  for (int i = 0; i < NORB; ++i) {  // L y = P e_k
    double s = perm[i] == k ? 1.0 : 0.0;
    for (int j = 0; j < i; ++j) s -= row[i][j] * y[j];
    y[i] = s;
  }
  for (int i = NORB - 1; i >= 0; --i) {  // U x = y
    double s = y[i];
    for (int j = i + 1; j < NORB; ++j) s -= row[i][j] * x[j];
    x[i] = s / row[i][i];
  }
  double ratio = 0.0;
  for (int j = 0; j < NORB; ++j) ratio += new_row[w * NORB + j] * x[j];
  out[2 * w] = logdet;
  out[2 * w + 1] = ratio;
}
