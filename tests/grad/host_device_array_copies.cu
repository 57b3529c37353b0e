// cuad: --fn run --wrt x,a,y
// cuad: fwd --fn run
// A `__device__` array refilled from the host each time step with cudaMemcpyToSymbol (from a
// host array computed from the input), updated in place twice by a kernel that takes no
// pointer (`g_state[i] += a * sin(g_state[i])`: its gradient needs the element it
// overwrote), and read at two elements per thread by a `__device__` helper; part of it is
// copied back with cudaMemcpyFromSymbol at the end. Each copy and launch that overwrites the
// array saves it first (taped in the loop); the copies' reverse moves the adjoint into the
// host array's. Output 2 is forward mode.
#define N 64

__device__ double g_state[N];

__device__ double tap(int i, double v) { return 0.5 * v + g_state[i] * g_state[(i + 1) % N]; }

__global__ void relax(double a) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) g_state[i] = g_state[i] + a * sin(g_state[i]);
}

__global__ void gather(double* y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) y[i] = tap(i, y[i]);
}

void run(const double* x, double a, double* y, int steps) {
  double* d_y = nullptr;
  cudaMalloc(&d_y, N * sizeof(double));
  cudaMemset(d_y, 0, N * sizeof(double));
  double h[N];
  for (int s = 0; s < steps; ++s) {
    for (int j = 0; j < N; ++j) h[j] = x[j] * (1.0 + 0.25 * s);
    cudaMemcpyToSymbol(g_state, h, sizeof(h));
    relax<<<2, 32>>>(a);
    relax<<<2, 32>>>(a);
    gather<<<2, 32>>>(d_y);
  }
  cudaMemcpy(y, d_y, N * sizeof(double), cudaMemcpyDeviceToHost);
  double tail[4];
  cudaMemcpyFromSymbol(tail, g_state, sizeof(tail), 8 * sizeof(double));
  for (int j = 0; j < 4; ++j) y[N + j] = tail[j] * tail[j];
  cudaFree(d_y);
}
