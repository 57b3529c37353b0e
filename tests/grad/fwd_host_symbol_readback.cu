// cuad: fwd --fn adaptive
// cuad: fwd --fn adaptive --wrt c,out
// cuad: --fn adaptive --wrt u0,c,out
// Symbols read back on the host with cudaMemcpyFromSymbol, in forward mode (and reverse mode
// for comparison): each step a kernel clears `g_sum`, another adds each thread's energy into it
// with atomicAdd, and the host reads the sum back into a local that sets an adaptive time step
// (`dt = 0.1 / (1 + e / N)`); a kernel writes face fluxes into the `__device__` array
// `g_flux` that the update kernel reads; a `__constant__` gain filled from a host scalar is
// read back once too. The tangent globals of the symbols kernels write start at zero; the
// read-backs copy `_d_g_sum` into `_d_e` and `_d_c_gain` into `_d_gain2`. Output 2 leaves
// `u0` constant, so only `c` carries a tangent into the kernels.
#define N 128

__device__ double g_sum;
__device__ double g_flux[N];
__constant__ double c_gain;

__global__ void clear_sum() {
  if (threadIdx.x == 0 && blockIdx.x == 0) g_sum = 0.0;
}

__global__ void energy(const double* u) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) atomicAdd(&g_sum, u[i] * u[i]);
}

__global__ void flux(const double* u) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) g_flux[i] = c_gain * sin(u[i]) + 0.3 * u[i];
}

__global__ void step(double* u, double dt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) u[i] = u[i] - dt * tanh(g_flux[i] - g_flux[(i + N - 1) % N]);
}

void adaptive(const double* u0, double c, double* out, int steps) {
  double* d_u = nullptr;
  cudaMalloc(&d_u, N * sizeof(double));
  cudaMemcpy(d_u, u0, N * sizeof(double), cudaMemcpyHostToDevice);
  const double gain = 0.5 * c;
  cudaMemcpyToSymbol(c_gain, &gain, sizeof gain);
  double gain2 = 0.0;
  cudaMemcpyFromSymbol(&gain2, c_gain, sizeof gain2);
  const int blocks = (N + 63) / 64;
  for (int s = 0; s < steps; ++s) {
    clear_sum<<<1, 32>>>();
    energy<<<blocks, 64>>>(d_u);
    double e = 0.0;
    cudaMemcpyFromSymbol(&e, g_sum, sizeof e);
    const double dt = 0.1 / (1.0 + e / N);
    flux<<<blocks, 64>>>(d_u);
    step<<<blocks, 64>>>(d_u, dt * gain2);
    out[N + s] = e;
  }
  cudaMemcpy(out, d_u, N * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_u);
}
