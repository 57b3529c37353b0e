// cuad: --fn lsm_normal_eqs --wrt S,Y,strike,gram
// Longstaff-Schwartz regression step for an American put: for each in-the-money path at one
// exercise date, weighted Laguerre features of the moneyness x = S/K are formed in a local
// array and the normal equations (X^T X and X^T y, packed in gram[NB*NB + NB]) are accumulated:
// first in shared memory with shared-memory atomicAdd, then one global atomicAdd per entry
// and block. Out-of-the-money paths contribute nothing (continue in the loop).
constexpr int NB = 3;
constexpr int NG = NB * NB + NB;

__device__ __forceinline__ void laguerre(double x, double* phi) {
  const double e = exp(-0.5 * x);
  phi[0] = e;
  phi[1] = e * (1.0 - x);
  phi[2] = e * (1.0 - 2.0 * x + 0.5 * x * x);
}

__global__ void lsm_normal_eqs(double* __restrict__ gram, const double* __restrict__ S,
                               const double* __restrict__ Y, double strike, double disc,
                               int n_paths) {
  __shared__ double s_gram[NG];
  for (int e = threadIdx.x; e < NG; e += blockDim.x) s_gram[e] = 0.0;
  __syncthreads();
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < n_paths;
       p += gridDim.x * blockDim.x) {
    const double s = S[p];
    if (strike - s <= 0.0) continue;  // regress on in-the-money paths only
    double phi[NB];
    laguerre(s / strike, phi);
    const double y = disc * Y[p];
    for (int a = 0; a < NB; ++a) {
      for (int b = 0; b < NB; ++b) atomicAdd(&s_gram[a * NB + b], phi[a] * phi[b]);
      atomicAdd(&s_gram[NB * NB + a], phi[a] * y);
    }
  }
  __syncthreads();
  for (int e = threadIdx.x; e < NG; e += blockDim.x) atomicAdd(&gram[e], s_gram[e]);
}
