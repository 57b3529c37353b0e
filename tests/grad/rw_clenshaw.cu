// cuad: --fn cheb_eval --wrt y,x,coef
// Chebyshev series by Clenshaw's recurrence, one value per grid-stride iteration: an inner
// loop over the coefficients, counting down, carrying two values.
__global__ void cheb_eval(double* __restrict__ y, const double* __restrict__ x,
                          const double* __restrict__ coef, int n, int m) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const double t = x[i];
    double b1 = 0.0, b2 = 0.0;
    for (int k = m - 1; k >= 1; --k) {
      const double b0 = coef[k] + 2.0 * t * b1 - b2;
      b2 = b1;
      b1 = b0;
    }
    y[i] = coef[0] + t * b1 - b2;
  }
}
