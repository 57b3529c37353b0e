// cuad: --fn gradient_energy --wrt u,c
// Host function with two kernels and an intermediate device buffer: a 2-D central-difference
// gradient kernel writes the gradient field, a second kernel computes a local energy density
// that is summed into one scalar with atomicAdd, and the host returns the total energy.
__global__ void grad2d(double* gx, double* gy, const double* u, int nx, int ny, double inv2h) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < nx && j < ny) {
    int ip = i + 1 < nx ? i + 1 : i;
    int im = i > 0 ? i - 1 : i;
    int jp = j + 1 < ny ? j + 1 : j;
    int jm = j > 0 ? j - 1 : j;
    gx[j * nx + i] = (u[j * nx + ip] - u[j * nx + im]) * inv2h;
    gy[j * nx + i] = (u[jp * nx + i] - u[jm * nx + i]) * inv2h;
  }
}

__global__ void energy_density(double* total, const double* gx, const double* gy, const double* u,
                               const double* c, int n) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n) {
    double g2 = gx[k] * gx[k] + gy[k] * gy[k];
    double e = 0.5 * c[k] * g2 + 0.25 * (u[k] * u[k] - 1.0) * (u[k] * u[k] - 1.0);
    atomicAdd(total, e);
  }
}

double gradient_energy(const double* u, const double* c, int nx, int ny, double h) {
  int n = nx * ny;
  double *d_u, *d_c, *d_gx, *d_gy, *d_e;
  cudaMalloc(&d_u, n * sizeof(double));
  cudaMalloc(&d_c, n * sizeof(double));
  cudaMalloc(&d_gx, n * sizeof(double));
  cudaMalloc(&d_gy, n * sizeof(double));
  cudaMalloc(&d_e, sizeof(double));
  cudaMemcpy(d_u, u, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_c, c, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_e, 0, sizeof(double));
  dim3 b2(8, 4);
  dim3 g2((nx + 7) / 8, (ny + 3) / 4);
  grad2d<<<g2, b2>>>(d_gx, d_gy, d_u, nx, ny, 0.5 / h);
  energy_density<<<(n + 63) / 64, 64>>>(d_e, d_gx, d_gy, d_u, d_c, n);
  double e = 0.0;
  cudaMemcpy(&e, d_e, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_c);
  cudaFree(d_gx);
  cudaFree(d_gy);
  cudaFree(d_e);
  return e * h * h;
}
