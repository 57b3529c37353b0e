// cuad: --fn apply_fd8 --wrt out,u,c
// Eighth-order finite-difference second derivative with coefficients in __constant__ memory
// uploaded by the host with cudaMemcpyToSymbol; the host function also scales the result.
#define RADIUS 4
__constant__ double c_coef[RADIUS + 1];

__global__ void fd8(double* d2u, const double* u, const double* c, double inv_h2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < RADIUS || i >= n - RADIUS) {
    if (i < n) d2u[i] = 0.0;
    return;
  }
  double s = c_coef[0] * u[i];
  for (int r = 1; r <= RADIUS; ++r) s += c_coef[r] * (u[i - r] + u[i + r]);
  d2u[i] = c[i] * s * inv_h2;
}

void apply_fd8(double* out, const double* u, const double* c, double h, int n) {
  const double coef[RADIUS + 1] = {-205.0 / 72.0, 8.0 / 5.0, -1.0 / 5.0, 8.0 / 315.0, -1.0 / 560.0};
  cudaMemcpyToSymbol(c_coef, coef, sizeof(coef));
  double *d_u, *d_c, *d_out;
  cudaMalloc(&d_u, n * sizeof(double));
  cudaMalloc(&d_c, n * sizeof(double));
  cudaMalloc(&d_out, n * sizeof(double));
  cudaMemcpy(d_u, u, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_c, c, n * sizeof(double), cudaMemcpyHostToDevice);
  fd8<<<(n + 31) / 32, 32>>>(d_out, d_u, d_c, 1.0 / (h * h), n);
  cudaMemcpy(out, d_out, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_c);
  cudaFree(d_out);
}
