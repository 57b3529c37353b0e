// cuad: fwd --fn normalize
// cuad: fwd --fn run
// `extern __shared__` memory: the tangent array is the second half of the dynamic shared
// memory, so the kernel's pushforward is launched with twice the primal's size (output 1,
// by the driver; output 2, a host function, does it itself).
__global__ void normalize(int n, const double* x, double* out) {
  extern __shared__ double buf[];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  buf[t] = i < n ? x[i] * x[i] : 0.0;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (t < s) buf[t] += buf[t + s];
    __syncthreads();
  }
  if (i < n) out[i] = x[i] / sqrt(buf[0] + 1.0);
}

void run(int n, const double* x, double* y) {
  double *d_x, *d_y;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  normalize<<<(n + 31) / 32, 32, 32 * sizeof(double)>>>(n, d_x, d_y);
  cudaMemcpy(y, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
}
