// cuad: --fn blend --wrt u
// A host function stepping a kernel over a row-major 2-D grid stored as one array, whose
// weights depend on the row `j = t / nx` and the column `i = t % nx` of the thread. The host
// gradient runs the kernel's reverse as a gather pass, where thread `s` re-runs the body as
// its neighbours `s ± 1` and `s ± nx`; their row and column come from `s / nx` and `s % nx`
// (wrapping at row ends), so every weight below depends on them.
__global__ void mix(double* out, const double* in, int nx, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n) {
    int i = t % nx;
    int j = t / nx;
    double v = in[t] * (1.0 + 0.1 * j) + 0.05 * i;
    if (t >= 1) {
      v += 0.3 * in[t - 1] * (j + 1);
    }
    if (t + 1 < n) {
      v += 0.2 * in[t + 1] * (i + 1);
    }
    if (t >= nx) {
      v += 0.1 * in[t - nx] * j;
    }
    if (t + nx < n) {
      v += 0.15 * in[t + nx] * (i + 2);
    }
    out[t] = v * 0.25;
  }
}

void blend(double* u, int nx, int ny, int steps) {
  double* tmp;
  cudaMalloc(&tmp, sizeof(double) * nx * ny);
  int threads = 32;
  int blocks = (nx * ny + threads - 1) / threads;
  for (int s = 0; s < steps; ++s) {
    mix<<<blocks, threads>>>(tmp, u, nx, nx * ny);
    mix<<<blocks, threads>>>(u, tmp, nx, nx * ny);
  }
  cudaFree(tmp);
}
