// cuad: --fn jacobi_eig4 --wrt A,evals,evecs
// cuad: fwd --fn jacobi_eig4
// Batched 4x4 symmetric eigensolves by the cyclic Jacobi method, one matrix per thread, as
// strain/stress and inertia-tensor codes do it: the input symmetrized into a local 2-D array,
// a fixed budget of sweeps left early by `break` once the off-diagonal sum of squares is
// tiny, every (p, q) pair rotated with the stable tangent formula (sign of theta, sqrt),
// rows and columns of A and the columns of V updated in place under `#pragma unroll`,
// `continue` for an exactly zero pair; eigenvalues and vectors written out in Jacobi's order.
#define NJ 4
#define MAX_SWEEPS 8

__device__ void rotate_pair(double a[NJ][NJ], double v[NJ][NJ], int p, int q) {
  const double apq = a[p][q];
  const double theta = (a[q][q] - a[p][p]) / (2.0 * apq);
  const double tt = (theta >= 0.0 ? 1.0 : -1.0) / (fabs(theta) + sqrt(theta * theta + 1.0));
  const double c = 1.0 / sqrt(tt * tt + 1.0);
  const double s = tt * c;
#pragma unroll
  for (int k = 0; k < NJ; ++k) {  // columns p, q of A J
    const double akp = a[k][p], akq = a[k][q];
    a[k][p] = c * akp - s * akq;
    a[k][q] = s * akp + c * akq;
  }
#pragma unroll
  for (int k = 0; k < NJ; ++k) {  // rows p, q of J^T (A J)
    const double apk = a[p][k], aqk = a[q][k];
    a[p][k] = c * apk - s * aqk;
    a[q][k] = s * apk + c * aqk;
  }
#pragma unroll
  for (int k = 0; k < NJ; ++k) {
    const double vkp = v[k][p], vkq = v[k][q];
    v[k][p] = c * vkp - s * vkq;
    v[k][q] = s * vkp + c * vkq;
  }
}

__global__ void jacobi_eig4(int nm, const double* A, double* evals, double* evecs, int* sweeps) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= nm) return;
  double a[NJ][NJ], v[NJ][NJ];
  for (int i = 0; i < NJ; ++i)
    for (int j = 0; j < NJ; ++j) {
      a[i][j] = 0.5 * (A[t * NJ * NJ + i * NJ + j] + A[t * NJ * NJ + j * NJ + i]);
      v[i][j] = i == j ? 1.0 : 0.0;
    }
  int sw = 0;
  for (; sw < MAX_SWEEPS; ++sw) {
    double off = 0.0;
    for (int p = 0; p < NJ - 1; ++p)
      for (int q = p + 1; q < NJ; ++q) off += a[p][q] * a[p][q];
    if (off < 1e-20) break;
    for (int p = 0; p < NJ - 1; ++p)
      for (int q = p + 1; q < NJ; ++q) {
        if (a[p][q] == 0.0) continue;
        rotate_pair(a, v, p, q);
      }
  }
  sweeps[t] = sw;
  for (int i = 0; i < NJ; ++i) {
    evals[t * NJ + i] = a[i][i];
    for (int k = 0; k < NJ; ++k) evecs[t * NJ * NJ + k * NJ + i] = v[k][i];
  }
}
