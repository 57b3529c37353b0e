// cuad: --fn evolve --wrt u0,coef,u_out
// cuad: fwd --fn evolve
// A reaction-diffusion time loop that keeps the total mass fixed, as simulation codes do:
// coefficients live in a cudaMallocManaged buffer written on the host and read by the kernel,
// each step launches a diffusion kernel from `cur` into `nxt`, sums the mass of `nxt` with
// atomicAdd into a cudaMemset'd scalar, copies the mass back (cudaMemcpyAsync on a stream +
// cudaStreamSynchronize), rescales `nxt` in place by a host-computed factor and swaps the two
// device pointers through a temporary.
#include <cuda_runtime.h>

__global__ void diffuse(const double* cur, double* nxt, const double* coef, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double l = cur[(i + n - 1) % n];
  double r = cur[(i + 1) % n];
  double c = cur[i];
  nxt[i] = c + coef[0] * (l - 2.0 * c + r) + coef[1] * c * (1.0 - c);
}

__global__ void mass(const double* u, double* m, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(m, u[i]);
}

__global__ void rescale(double* u, double s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) u[i] *= s;
}

void evolve(const double* u0, const double* coef, double* u_out, int n, int steps) {
  double *cur, *nxt, *d_m, *k;
  cudaMalloc(&cur, n * sizeof(double));
  cudaMalloc(&nxt, n * sizeof(double));
  cudaMalloc(&d_m, sizeof(double));
  cudaMallocManaged(&k, 2 * sizeof(double));
  k[0] = coef[0];
  k[1] = 0.5 * coef[1];
  cudaStream_t st;
  cudaStreamCreate(&st);
  cudaMemcpyAsync(cur, u0, n * sizeof(double), cudaMemcpyHostToDevice, st);
  cudaStreamSynchronize(st);
  double m0 = 0.0;
  for (int i = 0; i < n; ++i) m0 += u0[i];
  const int threads = 32, blocks = (n + threads - 1) / threads;
  for (int s = 0; s < steps; ++s) {
    diffuse<<<blocks, threads, 0, st>>>(cur, nxt, k, n);
    cudaMemsetAsync(d_m, 0, sizeof(double), st);
    mass<<<blocks, threads, 0, st>>>(nxt, d_m, n);
    double m = 0.0;
    cudaMemcpyAsync(&m, d_m, sizeof(double), cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    rescale<<<blocks, threads, 0, st>>>(nxt, m0 / m, n);
    double* tmp = cur;
    cur = nxt;
    nxt = tmp;
  }
  cudaMemcpy(u_out, cur, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaStreamDestroy(st);
  cudaFree(cur);
  cudaFree(nxt);
  cudaFree(d_m);
  cudaFree(k);
}
