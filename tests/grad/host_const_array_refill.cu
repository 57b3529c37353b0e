// cuad: --fn filter_steps --wrt taps,x,y
// cuad: fwd --fn filter_steps
// Symbols refilled by copies in a time loop, in reverse mode: each step a kernel derives the
// filter taps from the input taps into a device buffer, copied into the `__constant__` array
// `c_k` (device to device), whose last two taps are overwritten every other step at a byte
// offset from a constant host array; a `__device__` bias is copied from a host scalar computed
// from the input. Each copy saves the symbol's contents before overwriting them (the blur's
// gradient reads the taps of its own step), and its reverse moves the adjoint of the bytes it
// filled into its source's (or clears them for the constant source).
__constant__ double c_k[4];
__device__ double g_bias;

__global__ void make_taps(const double* base, double* taps, double s) {
  const int j = threadIdx.x;
  if (j < 4) taps[j] = base[j] * exp(-0.1 * s * j);
}

__global__ void blur(const double* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double acc = g_bias;
    for (int j = 0; j < 4; ++j) {
      const int k = min(max(i + j - 1, 0), n - 1);
      acc += c_k[j] * x[k];
    }
    y[i] = tanh(acc);
  }
}

void filter_steps(const double* taps, const double* x, double* y, int n, int steps) {
  double *a, *b, *d_base, *d_taps;
  cudaMalloc(&a, n * sizeof(double));
  cudaMalloc(&b, n * sizeof(double));
  cudaMalloc(&d_base, 4 * sizeof(double));
  cudaMalloc(&d_taps, 4 * sizeof(double));
  cudaMemcpy(a, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_base, taps, 4 * sizeof(double), cudaMemcpyHostToDevice);
  const double fixed[2] = {0.25, -0.125};
  for (int s = 0; s < steps; ++s) {
    make_taps<<<1, 32>>>(d_base, d_taps, (double)s);
    cudaMemcpyToSymbol(c_k, d_taps, 4 * sizeof(double), 0, cudaMemcpyDeviceToDevice);
    if (s % 2 == 1) cudaMemcpyToSymbol(c_k, fixed, 2 * sizeof(double), 2 * sizeof(double));
    const double bias = 0.1 * (s + 1) * taps[0] * taps[0];
    cudaMemcpyToSymbol(g_bias, &bias, sizeof(double));
    blur<<<(n + 31) / 32, 32>>>(a, b, n);
    double* t = a;
    a = b;
    b = t;
  }
  cudaMemcpy(y, a, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(a);
  cudaFree(b);
  cudaFree(d_base);
  cudaFree(d_taps);
}
