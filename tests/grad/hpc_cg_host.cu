// cuad: --fn cg_solve --wrt x,diag,b
// A few conjugate-gradient iterations for a tridiagonal SPD system on the GPU, driven from the
// host: reductions copied back (DeviceToHost) give alpha and beta on the host, which are then
// passed by value to update kernels; device-to-device copy for the initial direction.
__global__ void matvec_tri(double* y, const double* diag, const double* x, double off, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double s = diag[i] * x[i];
    if (i > 0) s += off * x[i - 1];
    if (i < n - 1) s += off * x[i + 1];
    y[i] = s;
  }
}

__global__ void dot_atomic(double* r, const double* a, const double* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(r, a[i] * b[i]);
}

__global__ void axpy(double* y, const double* x, double alpha, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += alpha * x[i];
}

__global__ void xpay(double* p, const double* r, double beta, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = r[i] + beta * p[i];
}

static double device_dot(double* d_tmp, const double* a, const double* b, int n) {
  cudaMemset(d_tmp, 0, sizeof(double));
  dot_atomic<<<(n + 31) / 32, 32>>>(d_tmp, a, b, n);
  double h = 0.0;
  cudaMemcpy(&h, d_tmp, sizeof(double), cudaMemcpyDeviceToHost);
  return h;
}

void cg_solve(double* x, const double* diag, const double* b, double off, int n, int iters) {
  size_t bytes = n * sizeof(double);
  double *d_x, *d_d, *d_r, *d_p, *d_ap, *d_tmp;
  cudaMalloc(&d_x, bytes);
  cudaMalloc(&d_d, bytes);
  cudaMalloc(&d_r, bytes);
  cudaMalloc(&d_p, bytes);
  cudaMalloc(&d_ap, bytes);
  cudaMalloc(&d_tmp, sizeof(double));
  cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_d, diag, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_r, b, bytes, cudaMemcpyHostToDevice);
  int grid = (n + 31) / 32;
  matvec_tri<<<grid, 32>>>(d_ap, d_d, d_x, off, n);
  axpy<<<grid, 32>>>(d_r, d_ap, -1.0, n);
  cudaMemcpy(d_p, d_r, bytes, cudaMemcpyDeviceToDevice);
  double rr = device_dot(d_tmp, d_r, d_r, n);
  for (int k = 0; k < iters; ++k) {
    matvec_tri<<<grid, 32>>>(d_ap, d_d, d_p, off, n);
    double pap = device_dot(d_tmp, d_p, d_ap, n);
    double alpha = rr / pap;
    axpy<<<grid, 32>>>(d_x, d_p, alpha, n);
    axpy<<<grid, 32>>>(d_r, d_ap, -alpha, n);
    double rr_new = device_dot(d_tmp, d_r, d_r, n);
    xpay<<<grid, 32>>>(d_p, d_r, rr_new / rr, n);
    rr = rr_new;
  }
  cudaMemcpy(x, d_x, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_d);
  cudaFree(d_r);
  cudaFree(d_p);
  cudaFree(d_ap);
  cudaFree(d_tmp);
}
