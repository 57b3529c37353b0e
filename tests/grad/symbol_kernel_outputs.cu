// cuad: --fn energy_history --wrt x,w,hist,tail
// Kernels that write `__device__` symbols, read back on the host: each step a kernel with no
// argument carrying derivatives clears an accumulator symbol, another adds each thread's
// energy into it with atomicAdd and assigns per-bin values into a symbol array, and the host
// copies both back (the array's second half at a byte offset) into slots of its outputs. The
// symbols' adjoints take the copies' adjoints; the clearing kernel's gradient clears them.
#define NBIN 4

__device__ double g_energy;
__device__ double g_bins[NBIN];

__global__ void clear_energy() {
  if (threadIdx.x == 0 && blockIdx.x == 0) g_energy = 0.0;
}

__global__ void accumulate(const double* __restrict__ x, const double* __restrict__ w, int n,
                           double scale) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const double e = w[i % NBIN] * x[i] * x[i] * scale;
    atomicAdd(&g_energy, e);
  }
  if (i < NBIN) g_bins[i] = w[i] * x[i] + scale;
}

__global__ void relax(double* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] - 0.1 * sin(x[i]);
}

void energy_history(const double* x, const double* w, double* hist, double* tail, int n,
                    int steps) {
  double *d_x = nullptr, *d_w = nullptr;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_w, NBIN * sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, w, NBIN * sizeof(double), cudaMemcpyHostToDevice);
  const int blocks = (n + 63) / 64;
  for (int s = 0; s < steps; ++s) {
    clear_energy<<<1, 32>>>();
    accumulate<<<blocks, 64>>>(d_x, d_w, n, 1.0 + 0.5 * s);
    cudaMemcpyFromSymbol(&hist[s], g_energy, sizeof(double));
    relax<<<blocks, 64>>>(d_x, n);
  }
  cudaMemcpyFromSymbol(tail, g_bins, 2 * sizeof(double), 2 * sizeof(double));
  cudaFree(d_x);
  cudaFree(d_w);
}
