// cuad: --fn heat1d --wrt u,dt
// 1-D nonlinear diffusion stepped on the host; ping-pong through a temporary pointer.
__global__ void diffuse(double* out, const double* in, double dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double l = i > 0 ? in[i - 1] : in[i];
  double r = i < n - 1 ? in[i + 1] : in[i];
  double d = 1.0 + 0.5 * in[i] * in[i];
  out[i] = in[i] + dt * d * (l - 2.0 * in[i] + r);
}

void heat1d(double* u, double dt, int n, int steps) {
  double* a = nullptr;
  double* b = nullptr;
  cudaMalloc((void**)&a, n * sizeof(double));
  cudaMalloc((void**)&b, n * sizeof(double));
  cudaMemcpy(a, u, n * sizeof(double), cudaMemcpyHostToDevice);
  int threads = 32;
  int blocks = (n + threads - 1) / threads;
  for (int s = 0; s < steps; s++) {
    diffuse<<<blocks, threads>>>(b, a, dt, n);
    double* t = a;
    a = b;
    b = t;
  }
  cudaDeviceSynchronize();
  cudaMemcpy(u, a, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(a);
  cudaFree(b);
}
