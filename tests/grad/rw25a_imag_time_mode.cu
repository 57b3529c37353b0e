// cuad: --fn find_mode --wrt dn,u0,mode
// cuad: fwd --fn find_mode --wrt dn,u0,mode
// Fundamental mode of a 1-D graded-index waveguide by imaginary-time beam propagation, as a
// mode-solver script does it: explicit diffusion-like steps u <- u + dt (u'' / (2 k0) + k0 dn u)
// into a second buffer (std::swap), then the field is renormalised: a reduction kernel sums
// |u|^2 into a device scalar with atomicAdd, the host copies the sum back, takes the norm and
// launches a scaling kernel with 1/norm as its argument (a value computed on the host from
// device results feeding the next launch). After the iterations the host computes the
// Rayleigh quotient (the mode's propagation-constant shift) from a second reduction and
// returns it; the normalised mode intensity goes to the caller.
#include <cuda_runtime.h>
#include <cmath>
#include <utility>

#define TB 64

__global__ void diffuse_step(const double* __restrict__ u, double* __restrict__ un, const double* __restrict__ dn,
                             double dt, double k0, double inv_h2, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double l = i > 0 ? u[i - 1] : 0.0, r = i < n - 1 ? u[i + 1] : 0.0;
  const double lap = (l - 2.0 * u[i] + r) * inv_h2;
  un[i] = u[i] + dt * (lap / (2.0 * k0) + k0 * dn[i] * u[i]);
}

__global__ void sum_sq(const double* __restrict__ u, double* out, int n) {
  __shared__ double s[TB];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? u[i] * u[i] : 0.0;
  __syncthreads();
  for (int w = TB / 2; w > 0; w >>= 1) {
    if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, s[0]);
}

__global__ void scale(double* u, double c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) u[i] *= c;
}

// sum over i of u_i (H u)_i with H u = u'' / (2 k0) + k0 dn u
__global__ void rayleigh(const double* __restrict__ u, const double* __restrict__ dn, double k0, double inv_h2,
                         double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double l = i > 0 ? u[i - 1] : 0.0, r = i < n - 1 ? u[i + 1] : 0.0;
  const double hu = (l - 2.0 * u[i] + r) * inv_h2 / (2.0 * k0) + k0 * dn[i] * u[i];
  atomicAdd(out, u[i] * hu);
}

double find_mode(const double* dn, const double* u0, int n, double h, double k0, double dt, int iters,
                 double* mode) {
  const double inv_h2 = 1.0 / (h * h);
  double *d_u, *d_un, *d_dn, *d_s;
  cudaMalloc(&d_u, n * sizeof(double));
  cudaMalloc(&d_un, n * sizeof(double));
  cudaMalloc(&d_dn, n * sizeof(double));
  cudaMalloc(&d_s, sizeof(double));
  cudaMemcpy(d_u, u0, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_dn, dn, n * sizeof(double), cudaMemcpyHostToDevice);
  const int blocks = (n + TB - 1) / TB;
  for (int it = 0; it < iters; ++it) {
    diffuse_step<<<blocks, TB>>>(d_u, d_un, d_dn, dt, k0, inv_h2, n);
    std::swap(d_u, d_un);
    cudaMemset(d_s, 0, sizeof(double));
    sum_sq<<<blocks, TB>>>(d_u, d_s, n);
    double s = 0.0;
    cudaMemcpy(&s, d_s, sizeof(double), cudaMemcpyDeviceToHost);
    scale<<<blocks, TB>>>(d_u, 1.0 / sqrt(s * h), n);
  }
  cudaMemset(d_s, 0, sizeof(double));
  rayleigh<<<blocks, TB>>>(d_u, d_dn, k0, inv_h2, d_s, n);
  double beta = 0.0;
  cudaMemcpy(&beta, d_s, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(mode, d_u, n * sizeof(double), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) mode[i] = mode[i] * mode[i];
  cudaFree(d_u);
  cudaFree(d_un);
  cudaFree(d_dn);
  cudaFree(d_s);
  return beta * h;
}
