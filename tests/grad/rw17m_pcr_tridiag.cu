// cuad: --fn pcr_batched<16> --wrt lower,diag,upper,rhs,x
// cuad: fwd --fn pcr_batched<16>
// Batched tridiagonal solves by parallel cyclic reduction, as ocean models do for the
// implicit vertical mixing of many water columns at once: one block per column, one thread
// per level, the four diagonals staged in shared memory, log2(N) reduction steps in which
// every level eliminates its neighbours at distance `stride` (rows outside the column act as
// identity rows), __syncthreads() between reading and writing, then x = d / b. A kernel
// template on the number of levels, row pointers offset by the column.
#include <cuda_runtime.h>

template <int N>
__global__ void pcr_batched(const double* __restrict__ lower, const double* __restrict__ diag,
                            const double* __restrict__ upper, const double* __restrict__ rhs,
                            double* __restrict__ x) {
  __shared__ double a[N], b[N], c[N], d[N];
  const int i = threadIdx.x;
  const int col = blockIdx.x;
  const double* la = lower + col * N;
  const double* lb = diag + col * N;
  const double* lc = upper + col * N;
  const double* ld = rhs + col * N;
  a[i] = (i == 0) ? 0.0 : la[i];
  b[i] = lb[i];
  c[i] = (i == N - 1) ? 0.0 : lc[i];
  d[i] = ld[i];
  __syncthreads();
  for (int stride = 1; stride < N; stride *= 2) {
    const int im = i - stride, ip = i + stride;
    double an = 0.0, bn = b[i], cn = 0.0, dn = d[i];
    if (im >= 0) {
      const double k1 = a[i] / b[im];
      an = -a[im] * k1;
      bn -= c[im] * k1;
      dn -= d[im] * k1;
    }
    if (ip < N) {
      const double k2 = c[i] / b[ip];
      cn = -c[ip] * k2;
      bn -= a[ip] * k2;
      dn -= d[ip] * k2;
    }
    __syncthreads();
    a[i] = an;
    b[i] = bn;
    c[i] = cn;
    d[i] = dn;
    __syncthreads();
  }
  x[col * N + i] = d[i] / b[i];
}

template __global__ void pcr_batched<16>(const double*, const double*, const double*,
                                         const double*, double*);
