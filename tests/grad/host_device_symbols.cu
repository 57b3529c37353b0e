// cuad: --fn run_layer --wrt w,scale,x,y
// Two symbols feed one kernel: a 2-D weight matrix in a `__device__` global, filled from a
// device buffer (a device-to-device copy), and a scalar in constant memory, filled from a
// host scalar's address. Each gets an adjoint global the reverse kernel adds into.
#define ROWS 4
#define COLS 3

__device__ double g_w[ROWS][COLS];
__constant__ double c_scale;

__global__ void layer(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    for (int r = 0; r < ROWS; ++r) {
      double s = 0.0;
      for (int c = 0; c < COLS; ++c) s += g_w[r][c] * x[COLS * i + c];
      y[ROWS * i + r] = c_scale * tanh(s);
    }
  }
}

void run_layer(const double* w, double scale, const double* x, double* y, int n) {
  double *d_w = nullptr, *d_x = nullptr, *d_y = nullptr;
  cudaMalloc(&d_w, ROWS * COLS * sizeof(double));
  cudaMalloc(&d_x, COLS * n * sizeof(double));
  cudaMalloc(&d_y, ROWS * n * sizeof(double));
  cudaMemcpy(d_w, w, ROWS * COLS * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpyToSymbol(g_w, d_w, ROWS * COLS * sizeof(double), 0, cudaMemcpyDeviceToDevice);
  cudaMemcpyToSymbol(c_scale, &scale, sizeof(double));
  cudaMemcpy(d_x, x, COLS * n * sizeof(double), cudaMemcpyHostToDevice);
  layer<<<(n + 31) / 32, 32>>>(d_y, d_x, n);
  cudaMemcpy(y, d_y, ROWS * n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_w);
  cudaFree(d_x);
  cudaFree(d_y);
}
