// cuad: --fn diffuse --wrt u,k
// cuad: --fn diffuse --wrt u
// A host function stepping a nonlinear 2-D five-point stencil between two buffers. The
// kernel's reverse scatters into the four neighbours (atomics in `step_grad`); the host
// gradient launches it as a gather pass (each thread sums what lands on its element) and a
// zeroing pass. The stencil reads `in` nonlinearly, so the gather pass re-reads primal values
// of neighbouring threads, and `k` (a scalar) gets its adjoint through a device buffer.
__global__ void step(double* out, const double* in, double k, int nx, int ny) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < nx * ny) {
    int i = t % nx;
    int j = t / nx;
    if (i == 0 || j == 0 || i == nx - 1 || j == ny - 1) {
      out[t] = in[t];
    } else {
      double c = in[t];
      out[t] = c + k * (in[t - 1] * in[t - 1] + in[t + 1] + in[t - nx] + sin(in[t + nx]) - 4.0 * c);
    }
  }
}

void diffuse(double* u, double k, int nx, int ny, int steps) {
  double* tmp;
  cudaMalloc(&tmp, sizeof(double) * nx * ny);
  cudaMemcpy(tmp, u, sizeof(double) * nx * ny, cudaMemcpyDeviceToDevice);
  int threads = 32;
  int blocks = (nx * ny + threads - 1) / threads;
  for (int s = 0; s < steps; ++s) {
    if (s % 2 == 0) {
      step<<<blocks, threads>>>(tmp, u, k, nx, ny);
    } else {
      step<<<blocks, threads>>>(u, tmp, k, nx, ny);
    }
  }
  cudaFree(tmp);
}
