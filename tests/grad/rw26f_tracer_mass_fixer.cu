// cuad: --fn transport_tracers --wrt q0,u,q_out
// cuad: fwd --fn transport_tracers --wrt q0,u,q_out
// Transport of several chemical tracers stored back to back in one device allocation (tracer
// t at offset t * n), as an atmospheric chemistry module does it: for every step and every
// tracer, an advection kernel chosen at run time by an enum (first-order upwind or
// Lax-Wendroff, periodic 1-D) writes a scratch buffer that is copied device-to-device back
// into the tracer's slice. After the time loop a global mass fixer restores each tracer's
// initial mass: the initial masses are summed on the host from the input, the current
// masses are reduced on the device (shared memory + atomicAdd into one slot per tracer),
// copied back, and the host computes each tracer's scale factor, which a kernel applies in
// place to the tracer's slice.
#include <cuda_runtime.h>
#include <vector>

enum class Scheme { Upwind, LaxWendroff };

constexpr int kThreads = 64;

__global__ void adv_upwind(const double* __restrict__ q, const double* __restrict__ u, int n,
                           double c, double* __restrict__ qn) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int im = (i + n - 1) % n, ip = (i + 1) % n;
  // u on faces: u[i] is the face between i-1 and i
  const double fl = u[i] > 0.0 ? u[i] * q[im] : u[i] * q[i];
  const double fr = u[ip] > 0.0 ? u[ip] * q[i] : u[ip] * q[ip];
  qn[i] = q[i] - c * (fr - fl);
}

__global__ void adv_lax_wendroff(const double* __restrict__ q, const double* __restrict__ u,
                                 int n, double c, double* __restrict__ qn) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int im = (i + n - 1) % n, ip = (i + 1) % n;
  const double cl = c * u[i], cr = c * u[ip];
  const double fl = u[i] * (0.5 * (q[im] + q[i]) - 0.5 * cl * (q[i] - q[im]));
  const double fr = u[ip] * (0.5 * (q[i] + q[ip]) - 0.5 * cr * (q[ip] - q[i]));
  qn[i] = q[i] - c * (fr - fl);
}

__global__ void tracer_mass(const double* __restrict__ q, int n, double* __restrict__ mass) {
  __shared__ double s[kThreads];
  const int i = blockIdx.x * kThreads + threadIdx.x;
  s[threadIdx.x] = i < n ? q[i] : 0.0;
  __syncthreads();
  for (int k = kThreads / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(mass, s[0]);
}

__global__ void scale_slice(double* q, int n, double f) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) q[i] *= f;
}

void transport_tracers(const double* q0, const double* u, int ntr, int n, int nsteps,
                       Scheme scheme, double dt, double dx, double* q_out) {
  double *d_q, *d_u, *d_tmp, *d_mass;
  cudaMalloc(&d_q, ntr * n * sizeof(double));
  cudaMalloc(&d_u, n * sizeof(double));
  cudaMalloc(&d_tmp, n * sizeof(double));
  cudaMalloc(&d_mass, ntr * sizeof(double));
  cudaMemcpy(d_q, q0, ntr * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_u, u, n * sizeof(double), cudaMemcpyHostToDevice);
  const int blocks = (n + kThreads - 1) / kThreads;
  const double c = dt / dx;
  for (int s = 0; s < nsteps; ++s) {
    for (int t = 0; t < ntr; ++t) {
      double* qt = d_q + t * n;
      if (scheme == Scheme::Upwind)
        adv_upwind<<<blocks, kThreads>>>(qt, d_u, n, c, d_tmp);
      else
        adv_lax_wendroff<<<blocks, kThreads>>>(qt, d_u, n, c, d_tmp);
      cudaMemcpy(qt, d_tmp, n * sizeof(double), cudaMemcpyDeviceToDevice);
    }
  }
  // global mass fixer
  std::vector<double> target(ntr, 0.0), mass(ntr);
  for (int t = 0; t < ntr; ++t)
    for (int i = 0; i < n; ++i) target[t] += q0[t * n + i];
  cudaMemset(d_mass, 0, ntr * sizeof(double));
  for (int t = 0; t < ntr; ++t) tracer_mass<<<blocks, kThreads>>>(d_q + t * n, n, d_mass + t);
  cudaMemcpy(mass.data(), d_mass, ntr * sizeof(double), cudaMemcpyDeviceToHost);
  for (int t = 0; t < ntr; ++t) scale_slice<<<blocks, kThreads>>>(d_q + t * n, n, target[t] / mass[t]);
  cudaMemcpy(q_out, d_q, ntr * n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_q);
  cudaFree(d_u);
  cudaFree(d_tmp);
  cudaFree(d_mass);
}
