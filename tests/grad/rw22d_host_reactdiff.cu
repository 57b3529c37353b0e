// cuad: fwd --fn simulate
// cuad: --fn simulate
// A host function running a reaction-diffusion model: cudaMalloc, cudaMemcpy of the inputs,
// a time loop launching a periodic diffusion stencil into a second buffer and an in-place
// cubic reaction on it, std::swap of the two device pointers, then a block-reduction kernel
// writing per-block partial sums of an energy that the host copies back and finishes, the
// final field copied out and the mean energy returned. Forward mode (1) returns .value and
// .pushforward and writes the final field's tangent; 2: reverse mode on the same function.
#include <cuda_runtime.h>
#include <utility>
#define TPB 32

__global__ void diffuse(int n, const double* u, double kappa, double* v) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int l = (i + n - 1) % n, r = (i + 1) % n;
  v[i] = u[i] + kappa * (u[l] - 2.0 * u[i] + u[r]);
}

__global__ void react(int n, double* v, const double* src, double rate) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double c = v[i];
  v[i] = c + rate * (src[i] - c * c * c);
}

__global__ void energy_partials(int n, const double* u, double* partial) {
  __shared__ double s[TPB];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = (i + 1) % n;
  s[threadIdx.x] = i < n ? 0.5 * u[i] * u[i] + 0.25 * (u[r] - u[i]) * (u[r] - u[i]) : 0.0;
  __syncthreads();
  for (int h = TPB / 2; h > 0; h >>= 1) {
    if (threadIdx.x < h) s[threadIdx.x] += s[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

double simulate(int n, const double* u0, const double* src, double kappa, double rate, int steps,
                double* u_final) {
  const int blocks = (n + TPB - 1) / TPB;
  const size_t bytes = n * sizeof(double);
  double *d_u, *d_v, *d_src, *d_part;
  cudaMalloc(&d_u, bytes);
  cudaMalloc(&d_v, bytes);
  cudaMalloc(&d_src, bytes);
  cudaMalloc(&d_part, blocks * sizeof(double));
  cudaMemcpy(d_u, u0, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_src, src, bytes, cudaMemcpyHostToDevice);
  for (int s = 0; s < steps; ++s) {
    diffuse<<<blocks, TPB>>>(n, d_u, kappa, d_v);
    react<<<blocks, TPB>>>(n, d_v, d_src, rate);
    std::swap(d_u, d_v);
  }
  energy_partials<<<blocks, TPB>>>(n, d_u, d_part);
  double part[16];
  cudaMemcpy(part, d_part, blocks * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(u_final, d_u, bytes, cudaMemcpyDeviceToHost);
  double e = 0.0;
  for (int b = 0; b < blocks; ++b) e += part[b];
  cudaFree(d_u);
  cudaFree(d_v);
  cudaFree(d_src);
  cudaFree(d_part);
  return e / n;
}
