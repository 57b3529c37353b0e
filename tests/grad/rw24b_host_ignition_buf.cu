// cuad: fwd --fn ignition_stats
// cuad: --fn ignition_objective --wrt T0,Y0,A,Ea,q
// cuad: fwd --fn ignition_objective
// A host driver for a homogeneous-reactor batch: device buffers live in a struct handled by
// alloc/release helpers, a one-step reaction kernel is launched for several time steps
// (Arrhenius rate, fuel consumption, heat release), the total heat released is accumulated
// by atomicAdd into a device scalar of the buffer struct (rw24b_host_ignition_stats keeps it
// in a __device__ global read back with cudaMemcpyFromSymbol, which forward mode refuses), a block-reduction kernel averages the final
// temperature into a device scalar with atomicAdd, and the host returns both as a struct.
// Forward mode of the struct-returning host function (value and tangent of both fields),
// and of a scalar objective built from it by a second host function; reverse mode of that
// objective.
#include <cuda_runtime.h>
#include <cmath>

struct Stats {
  double mean_T;
  double heat;
};

struct Buffers {
  double* T;
  double* Y;
  double* A;
  double* mean;
  double* heat;
};

static void alloc(Buffers& b, int n) {
  cudaMalloc(&b.T, n * sizeof(double));
  cudaMalloc(&b.Y, n * sizeof(double));
  cudaMalloc(&b.A, n * sizeof(double));
  cudaMalloc(&b.mean, sizeof(double));
  cudaMalloc(&b.heat, sizeof(double));
}

static void release(Buffers& b) {
  cudaFree(b.T);
  cudaFree(b.Y);
  cudaFree(b.A);
  cudaFree(b.mean);
  cudaFree(b.heat);
}

__global__ void react(double* T, double* Y, const double* A, double Ea, double q, double dt,
                      double* heat, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double r = A[i] * Y[i] * exp(-Ea / T[i]);
  Y[i] -= dt * r;
  T[i] += q * dt * r;
  atomicAdd(heat, q * dt * r);
}

__global__ void mean_kernel(const double* T, double* mean, int n) {
  __shared__ double s[64];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? T[i] : 0.0;
  __syncthreads();
  for (int o = blockDim.x / 2; o > 0; o >>= 1) {
    if (threadIdx.x < o) s[threadIdx.x] += s[threadIdx.x + o];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(mean, s[0] / n);
}

Stats ignition_stats(const double* T0, const double* Y0, const double* A, double Ea, double q,
                     double dt, int nsteps, int n) {
  Buffers b;
  alloc(b, n);
  cudaMemcpy(b.T, T0, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(b.Y, Y0, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(b.A, A, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(b.mean, 0, sizeof(double));
  cudaMemset(b.heat, 0, sizeof(double));
  const int block = 64, grid = (n + block - 1) / block;
  for (int s = 0; s < nsteps; ++s) react<<<grid, block>>>(b.T, b.Y, b.A, Ea, q, dt, b.heat, n);
  mean_kernel<<<grid, block>>>(b.T, b.mean, n);
  Stats st;
  cudaMemcpy(&st.mean_T, b.mean, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(&st.heat, b.heat, sizeof(double), cudaMemcpyDeviceToHost);
  release(b);
  return st;
}

double ignition_objective(const double* T0, const double* Y0, const double* A, double Ea,
                          double q, double dt, int nsteps, int n) {
  const Stats s = ignition_stats(T0, Y0, A, Ea, q, dt, nsteps, n);
  return s.mean_T * s.mean_T + 0.5 * s.heat;
}
