// cuad: --fn relax_host --wrt x,c,dt
// cuad: --fn relax_dev --wrt d,c,dt
// cuad: --fn relax_mem --wrt x,y
// Host helpers updating a buffer in place: kernels `u[i] = u[i] - dt * c[i] * u[i] * u[i]`
// and `u[i] += 0.1 * sin(u[i])` launched by `relax_step`, called in a time loop on a buffer
// the host function allocated (output 1) and once on the caller's device buffer (output 2,
// saved as far as the helper's launches write it); a host loop squaring a `malloc` buffer
// (output 3). A helper's pullback re-runs it from the buffer's contents at the call, so the
// caller saves them before the call (host.rs checkpoint_helper_buffers) even when no later
// reverse code reads the buffer; before, outputs 2 and 3 re-ran from the contents the call
// had left (silently wrong).
#include <cuda_runtime.h>

__global__ void relax(double* u, const double* c, double dt, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) u[i] = u[i] - dt * c[i] * u[i] * u[i];
}

__global__ void wobble(double* u, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) u[i] += 0.1 * sin(u[i]);
}

static void relax_step(double* u, const double* c, double dt, int n) {
  const int threads = 32, blocks = (n + threads - 1) / threads;
  relax<<<blocks, threads>>>(u, c, dt, n);
  wobble<<<blocks, threads>>>(u, n);
}

void relax_host(double* x, const double* c, double dt, int n, int steps) {
  double *d_u, *d_c;
  cudaMalloc(&d_u, n * sizeof(double));
  cudaMalloc(&d_c, n * sizeof(double));
  cudaMemcpy(d_u, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_c, c, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int s = 0; s < steps; ++s) relax_step(d_u, d_c, dt, n);
  cudaMemcpy(x, d_u, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_c);
}

void relax_dev(double* d, const double* c, double dt, int n) { relax_step(d, c, dt, n); }

static void square_in_place(double* h, int n) {
  for (int i = 0; i < n; ++i) h[i] = h[i] * h[i] + 0.5;
}

void relax_mem(const double* x, double* y, int n) {
  double* h = (double*)malloc(n * sizeof(double));
  cudaMemcpy(h, x, n * sizeof(double), cudaMemcpyHostToHost);
  square_in_place(h, n);
  cudaMemcpy(y, h, n * sizeof(double), cudaMemcpyHostToHost);
  free(h);
}
