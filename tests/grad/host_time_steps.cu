// cuad: --fn integrate --wrt u,f,dt
// Host loop launching the same in-place kernel several times (explicit time stepping): every
// launch overwrites the state the previous one produced.
__global__ void euler_step(double* u, const double* f, double dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) u[i] = u[i] + dt * f[i] * sin(u[i]);
}

void integrate(double* u, const double* f, double dt, int n, int steps) {
  double *d_u = nullptr, *d_f = nullptr;
  cudaMalloc(&d_u, n * sizeof(double));
  cudaMalloc(&d_f, n * sizeof(double));
  cudaMemcpy(d_u, u, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_f, f, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int s = 0; s < steps; ++s) euler_step<<<(n + 63) / 64, 64>>>(d_u, d_f, dt, n);
  cudaMemcpy(u, d_u, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_f);
}
