// cuad: fwd --fn smooth
// cuad: fwd --fn smooth --wrt taps,bias,y
// Forward mode through `cudaMemcpyToSymbol`: filter taps in `__constant__` memory and a
// `__device__` bias, refilled in every step of a ping-pong loop (a device-to-device copy from a
// buffer with tangents, a host copy of a scalar), with the last two taps overwritten at an
// offset from a constant local array every other step (their tangent is cleared there). The
// pushforward copies each source's tangent into the symbol's tangent global `_d_c_k` and
// launches the kernel's variant reading it; output 2 leaves `x` constant, so only the symbols
// carry tangents into the launches' outputs. Reverse mode refuses copies in loops.
__constant__ double c_k[4];
__device__ double g_bias;

__global__ void blur(const double* x, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double acc = g_bias;
    for (int j = 0; j < 4; ++j) {
      int k = min(max(i + j - 1, 0), n - 1);
      acc += c_k[j] * x[k];
    }
    y[i] = tanh(acc);
  }
}

void smooth(const double* taps, const double* bias, const double* x, double* y, int n, int steps) {
  double *a, *b, *dtaps;
  cudaMalloc(&a, n * sizeof(double));
  cudaMalloc(&b, n * sizeof(double));
  cudaMalloc(&dtaps, 4 * sizeof(double));
  cudaMemcpy(a, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(dtaps, taps, 4 * sizeof(double), cudaMemcpyHostToDevice);
  const double fixed[2] = {0.25, -0.125};
  for (int s = 0; s < steps; ++s) {
    cudaMemcpyToSymbol(c_k, dtaps, 4 * sizeof(double), 0, cudaMemcpyDeviceToDevice);
    if (s % 2 == 1) cudaMemcpyToSymbol(c_k, fixed, 2 * sizeof(double), 2 * sizeof(double));
    cudaMemcpyToSymbol(g_bias, bias, sizeof(double));
    blur<<<(n + 31) / 32, 32>>>(a, b, n);
    double* t = a;
    a = b;
    b = t;
  }
  cudaMemcpy(y, a, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(a);
  cudaFree(b);
  cudaFree(dtaps);
}
