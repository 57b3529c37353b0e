// Workload 9: 2-D five-point Jacobi stencil stepped `steps` times by a host function that
// allocates a ping-pong buffer, launches the kernel in a loop and frees the buffer.
// Interior points take the mean of their four neighbours; boundary points are copied.
// With an even number of steps the result ends in u (in place).
// Differentiated with: cuad grad jacobi.cu --fn jacobi_run --wrt u

__global__ void jacobi_step(float* out, const float* in, int nx, int ny) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < nx * ny) {
    int i = t % nx;
    int j = t / nx;
    if (i == 0 || j == 0 || i == nx - 1 || j == ny - 1) {
      out[t] = in[t];
    } else {
      out[t] = 0.25f * (in[t - 1] + in[t + 1] + in[t - nx] + in[t + nx]);
    }
  }
}

void jacobi_run(float* u, int nx, int ny, int steps) {
  float* tmp;
  cudaMalloc(&tmp, sizeof(float) * nx * ny);
  cudaMemcpy(tmp, u, sizeof(float) * nx * ny, cudaMemcpyDeviceToDevice);
  int threads = 256;
  int blocks = (nx * ny + threads - 1) / threads;
  for (int s = 0; s < steps; ++s) {
    if (s % 2 == 0) {
      jacobi_step<<<blocks, threads>>>(tmp, u, nx, ny);
    } else {
      jacobi_step<<<blocks, threads>>>(u, tmp, nx, ny);
    }
  }
  cudaFree(tmp);
}
