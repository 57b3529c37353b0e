// cuad: --fn givens_lsq --wrt A,b,x,res
// cuad: fwd --fn givens_lsq
// Batched small least-squares fits, one 6x3 problem per thread (a local polynomial or plane
// fit per point, as point-cloud and meshing codes do): the design matrix and right-hand side
// copied into local arrays, QR by Givens rotations that zero the subdiagonal column by
// column from the bottom up (hypot-style radius with sqrt, `continue` when an entry is
// already zero, the rotation applied in place to the remaining columns under
// `#pragma unroll` and to the right-hand side), back substitution against R, and the
// residual norm from the rotated right-hand side's tail.
#define MR 6
#define KC 3

__device__ __forceinline__ void givens(double f, double g, double& c, double& s, double& r) {
  r = sqrt(f * f + g * g);
  c = f / r;
  s = g / r;
}

__global__ void givens_lsq(int nprob, const double* __restrict__ A, const double* __restrict__ b,
                           double* x, double* res) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= nprob) return;
  double R[MR][KC];
  double q[MR];
  for (int i = 0; i < MR; ++i) {
#pragma unroll
    for (int j = 0; j < KC; ++j) R[i][j] = A[(t * MR + i) * KC + j];
    q[i] = b[t * MR + i];
  }
  for (int j = 0; j < KC; ++j) {
    for (int i = MR - 1; i > j; --i) {
      if (R[i][j] == 0.0) continue;
      double c, s, r;
      givens(R[i - 1][j], R[i][j], c, s, r);
      R[i - 1][j] = r;
      R[i][j] = 0.0;
#pragma unroll
      for (int k = j + 1; k < KC; ++k) {
        const double top = R[i - 1][k], bot = R[i][k];
        R[i - 1][k] = c * top + s * bot;
        R[i][k] = -s * top + c * bot;
      }
      const double qt = q[i - 1];
      q[i - 1] = c * qt + s * q[i];
      q[i] = -s * qt + c * q[i];
    }
  }
  for (int j = KC - 1; j >= 0; --j) {
    double acc = q[j];
    for (int k = j + 1; k < KC; ++k) acc -= R[j][k] * x[t * KC + k];
    x[t * KC + j] = acc / R[j][j];
  }
  double rr = 0.0;
  for (int i = KC; i < MR; ++i) rr += q[i] * q[i];
  res[t] = sqrt(rr);
}
