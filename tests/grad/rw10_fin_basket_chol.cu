// cuad: --fn basket_mc --wrt corr,vol,spot,price
// Three-asset basket call by Monte Carlo (double): every thread factors the correlation matrix
// (read from device memory) with an in-place Cholesky in a zero-initialised local 2-D array,
// then simulates its paths (two per thread, grid-stride) from a precomputed normal array,
// correlating the draws with the factor, and adds the discounted basket payoff into the price
// with atomicAdd. Weights of the basket are a local array initialised from scalars.
#define NA 3

__device__ void cholesky3(const double* __restrict__ C, double L[NA][NA]) {
  for (int i = 0; i < NA; ++i) {
    for (int j = 0; j <= i; ++j) {
      double s = C[i * NA + j];
      for (int k = 0; k < j; ++k) s -= L[i][k] * L[j][k];
      if (i == j)
        L[i][i] = sqrt(s);
      else
        L[i][j] = s / L[j][j];
    }
  }
}

__global__ void basket_mc(double* price, const double* __restrict__ Z,
                          const double* __restrict__ corr, const double* __restrict__ vol,
                          const double* __restrict__ spot, double w0, double w1, double w2,
                          double K, double rate, double T, int n_paths) {
  double L[NA][NA] = {};
  cholesky3(corr, L);
  const double wts[NA] = {w0, w1, w2};
  const double disc = exp(-rate * T), sqT = sqrt(T);
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < n_paths;
       p += gridDim.x * blockDim.x) {
    double basket = 0.0;
    for (int a = 0; a < NA; ++a) {
      double zc = 0.0;
      for (int k = 0; k <= a; ++k) zc += L[a][k] * Z[p * NA + k];
      const double ST = spot[a] * exp((rate - 0.5 * vol[a] * vol[a]) * T + vol[a] * sqT * zc);
      basket += wts[a] * ST;
    }
    const double pay = fmax(basket - K, 0.0);
    if (pay > 0.0) atomicAdd(price, disc * pay / n_paths);
  }
}
