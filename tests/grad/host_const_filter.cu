// cuad: --fn run_filter --wrt taps,x,y
// A 1-D convolution whose taps live in constant memory: the host function copies them with
// cudaMemcpyToSymbol and launches the kernel. The gradient w.r.t. the taps flows through the
// symbol's adjoint global (`_d_c_taps`), summed over every thread that reads a tap.
#define TAPS 7

__constant__ double c_taps[TAPS];

__global__ void conv1d(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double acc = 0.0;
  for (int k = 0; k < TAPS; ++k) {
    int j = i + k - TAPS / 2;
    // zero padding at both ends
    if (j >= 0 && j < n) acc += c_taps[k] * x[j];
  }
  y[i] = acc * acc;
}

void run_filter(const double* taps, const double* x, double* y, int n) {
  double *d_x = nullptr, *d_y = nullptr;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMemcpyToSymbol(c_taps, taps, TAPS * sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  conv1d<<<(n + 63) / 64, 64>>>(d_y, d_x, n);
  cudaMemcpy(y, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
}
