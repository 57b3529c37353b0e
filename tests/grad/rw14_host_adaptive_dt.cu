// cuad: --fn react_diffuse --wrt u,D,kr
// Explicit reaction-diffusion time loop on the host with an adaptive step: ping-pong device
// buffers swapped with std::swap; every `check_every` steps a kernel reduces ||u||^2 into a
// single device scalar (block shared-memory tree + one atomicAdd per block, after a cudaMemset),
// the host copies that scalar back with cudaMemcpy and picks dt from it; dt is a kernel argument
// of the following steps. Returns the final field and the time actually reached.
#include <cmath>
#include <utility>

#define BS 64

__global__ void norm2_kernel(const double* __restrict__ u, double* __restrict__ acc, int n) {
  __shared__ double s[BS];
  const int i = blockIdx.x * BS + threadIdx.x;
  s[threadIdx.x] = i < n ? u[i] * u[i] : 0.0;
  __syncthreads();
  for (int k = BS / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(acc, s[0]);
}

__device__ inline double reaction(double u, double kr) { return -kr * u * u * u + 0.5 * u; }

__global__ void step_kernel(double* __restrict__ un, const double* __restrict__ u, double D,
                            double kr, double dt, double inv_dx2, int n) {
  const int i = blockIdx.x * BS + threadIdx.x;
  if (i >= n) return;
  const double ul = i > 0 ? u[i - 1] : u[i];      // zero-flux ends
  const double ur = i < n - 1 ? u[i + 1] : u[i];
  un[i] = u[i] + dt * (D * (ul - 2.0 * u[i] + ur) * inv_dx2 + reaction(u[i], kr));
}

double react_diffuse(double* u, double D, double kr, double dt0, double dx, int n, int steps,
                     int check_every) {
  const int blocks = (n + BS - 1) / BS;
  double *d_a, *d_b, *d_norm;
  cudaMalloc(&d_a, n * sizeof(double));
  cudaMalloc(&d_b, n * sizeof(double));
  cudaMalloc(&d_norm, sizeof(double));
  cudaMemcpy(d_a, u, n * sizeof(double), cudaMemcpyHostToDevice);
  const double inv_dx2 = 1.0 / (dx * dx);
  double dt = dt0, t = 0.0;
  for (int s = 0; s < steps; ++s) {
    if (s % check_every == 0) {
      cudaMemset(d_norm, 0, sizeof(double));
      norm2_kernel<<<blocks, BS>>>(d_a, d_norm, n);
      double norm2 = 0.0;
      cudaMemcpy(&norm2, d_norm, sizeof(double), cudaMemcpyDeviceToHost);
      dt = dt0 / (1.0 + sqrt(norm2 / n));
    }
    step_kernel<<<blocks, BS>>>(d_b, d_a, D, kr, dt, inv_dx2, n);
    std::swap(d_a, d_b);
    t += dt;
  }
  cudaMemcpy(u, d_a, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_norm);
  return t;
}
