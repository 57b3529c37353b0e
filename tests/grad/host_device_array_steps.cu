// cuad: --fn simulate --wrt u0,k,out
// cuad: fwd --fn simulate
// Legacy-style state in `__device__` arrays across the launches of a time loop: face fluxes
// in `g_flux` are recomputed every step (the old contents overwritten) and read nonlinearly by
// the update, at two faces per thread (the adjoint adds are atomics); a 2-D history
// `g_hist[H][N]` is filled by copies from a buffer carrying derivatives (whole rows, the
// second at a byte offset), blended in place each step (`g_hist[r][i] = g_hist[r][i] * u +
// u`, whose gradient needs the old element) and read at neighbours by a last kernel; the
// fluxes are copied back to the host at the end. The host gradient saves each symbol before
// the launches that overwrite it and restores it before their reverse; output 2 is forward
// mode (the kernels' pushforwards write the symbols' tangents where they write the symbols).
#define N 96
#define H 2

__device__ double g_flux[N + 1];
__device__ double g_hist[H][N];

__global__ void faces(const double* u, double k) {
  const int f = blockIdx.x * blockDim.x + threadIdx.x;
  if (f <= N) {
    const double l = f > 0 ? u[f - 1] : u[0];
    const double r = f < N ? u[f] : u[N - 1];
    g_flux[f] = k * (l - r) + 0.1 * l * r;
  }
}

__global__ void update(double* u, double dt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) u[i] = u[i] + dt * tanh(g_flux[i] - g_flux[i + 1]);
}

__global__ void record(const double* u, int row) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) g_hist[row][i] = g_hist[row][i] * u[i] + 0.5 * u[i];
}

__global__ void smooth(double* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) out[i] = g_hist[0][i] * g_hist[1][(i + 1) % N] + sin(g_hist[1][i]);
}

void simulate(const double* u0, double k, double* out, int steps) {
  double *d_u = nullptr, *d_o = nullptr;
  cudaMalloc(&d_u, N * sizeof(double));
  cudaMalloc(&d_o, N * sizeof(double));
  cudaMemcpy(d_u, u0, N * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpyToSymbol(g_hist, d_u, N * sizeof(double), 0, cudaMemcpyDeviceToDevice);
  cudaMemcpyToSymbol(g_hist, d_u, N * sizeof(double), N * sizeof(double),
                     cudaMemcpyDeviceToDevice);
  const int blocks = (N + 63) / 64;
  for (int s = 0; s < steps; ++s) {
    faces<<<(N + 64) / 64, 64>>>(d_u, k);
    update<<<blocks, 64>>>(d_u, 0.2);
    record<<<blocks, 64>>>(d_u, s % H);
  }
  smooth<<<blocks, 64>>>(d_o);
  cudaMemcpy(out, d_o, N * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpyFromSymbol(out + N, g_flux, (N + 1) * sizeof(double));
  cudaFree(d_u);
  cudaFree(d_o);
}
