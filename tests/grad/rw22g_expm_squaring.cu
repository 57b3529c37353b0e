// cuad: --fn expm_batch --wrt A,E
// cuad: fwd --fn expm_batch
// Batched 4x4 matrix exponentials, one per thread (rigid-body and Lie-group integrators,
// continuous-time Markov transitions), by scaling and squaring: the infinity norm decides how
// many halvings bring the matrix below 1/2 (a while loop counting s), the scaled matrix's
// Taylor polynomial is evaluated by a matrix Horner scheme in local 2-D arrays (a helper
// multiplying 2-D array arguments), then the result is squared s times in a loop through a
// scratch matrix copied back under `#pragma unroll`.
#define NE 4
#define TAYLOR 12

__device__ void matmul4(const double X[NE][NE], const double Y[NE][NE], double Z[NE][NE]) {
  for (int i = 0; i < NE; ++i)
    for (int j = 0; j < NE; ++j) {
      double s = 0.0;
#pragma unroll
      for (int k = 0; k < NE; ++k) s += X[i][k] * Y[k][j];
      Z[i][j] = s;
    }
}

__global__ void expm_batch(int nm, const double* A, double* E, int* squarings) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= nm) return;
  double B[NE][NE], P[NE][NE], T[NE][NE];
  double nrm = 0.0;
  for (int i = 0; i < NE; ++i) {
    double rs = 0.0;
    for (int j = 0; j < NE; ++j) {
      B[i][j] = A[t * NE * NE + i * NE + j];
      rs += fabs(B[i][j]);
    }
    nrm = fmax(nrm, rs);
  }
  int s = 0;
  while (nrm > 0.5) {
    nrm *= 0.5;
    ++s;
  }
  const double scale = ldexp(1.0, -s);
  for (int i = 0; i < NE; ++i)
    for (int j = 0; j < NE; ++j) {
      B[i][j] *= scale;
      P[i][j] = (i == j ? 1.0 : 0.0) + B[i][j] / TAYLOR;
    }
  for (int k = TAYLOR - 1; k >= 1; --k) {  // P = I + B P / k
    matmul4(B, P, T);
    for (int i = 0; i < NE; ++i)
      for (int j = 0; j < NE; ++j) P[i][j] = (i == j ? 1.0 : 0.0) + T[i][j] / k;
  }
  for (int q = 0; q < s; ++q) {
    matmul4(P, P, T);
    for (int i = 0; i < NE; ++i)
#pragma unroll
      for (int j = 0; j < NE; ++j) P[i][j] = T[i][j];
  }
  for (int i = 0; i < NE; ++i)
    for (int j = 0; j < NE; ++j) E[t * NE * NE + i * NE + j] = P[i][j];
  squarings[t] = s;
}
