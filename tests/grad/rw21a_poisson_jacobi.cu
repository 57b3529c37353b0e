// cuad: --fn poisson::jacobi_solve --wrt f,u_out
// A Poisson solver -lap(u) = f on the unit square with homogeneous Dirichlet walls, by a fixed
// number of Jacobi sweeps on an (N+2)^2 grid with ghost walls kept at zero (both buffers
// cleared with cudaMemset), ping-pong through std::swap, progress printed every 10 sweeps,
// then a residual kernel reduces ||f + lap(u)||^2 with a block tree and one atomicAdd per block
// into a device scalar, copied back; the host returns the residual norm.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

#define CUDA_CHECK(call)                                                              \
  do {                                                                                \
    cudaError_t e = (call);                                                           \
    if (e != cudaSuccess) {                                                           \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,                 \
              cudaGetErrorString(e));                                                 \
      exit(1);                                                                        \
    }                                                                                 \
  } while (0)

namespace poisson {

constexpr int TILE = 8;

template <typename T>
constexpr T ceil_div(T a, T b) { return (a + b - 1) / b; }

__device__ __forceinline__ int at(int i, int j, int stride) { return (j + 1) * stride + (i + 1); }

__global__ void jacobi_sweep(const double* __restrict__ u, double* __restrict__ u_new,
                             const double* __restrict__ f, double h2, int N) {
  const int i = blockIdx.x * TILE + threadIdx.x;
  const int j = blockIdx.y * TILE + threadIdx.y;
  if (i >= N || j >= N) return;
  const int s = N + 2;
  const int c = at(i, j, s);
  u_new[c] = 0.25 * (u[c - 1] + u[c + 1] + u[c - s] + u[c + s] + h2 * f[j * N + i]);
}

__global__ void residual_sq(const double* __restrict__ u, const double* __restrict__ f,
                            double* __restrict__ acc, double inv_h2, int N) {
  __shared__ double red[TILE * TILE];
  const int i = blockIdx.x * TILE + threadIdx.x;
  const int j = blockIdx.y * TILE + threadIdx.y;
  const int t = threadIdx.y * TILE + threadIdx.x;
  double r2 = 0.0;
  if (i < N && j < N) {
    const int s = N + 2;
    const int c = at(i, j, s);
    const double lap = (u[c - 1] + u[c + 1] + u[c - s] + u[c + s] - 4.0 * u[c]) * inv_h2;
    const double r = f[j * N + i] + lap;
    r2 = r * r;
  }
  red[t] = r2;
  __syncthreads();
  for (int w = TILE * TILE / 2; w > 0; w /= 2) {
    if (t < w) red[t] += red[t + w];
    __syncthreads();
  }
  if (t == 0) atomicAdd(acc, red[0]);
}

double jacobi_solve(const double* f, double* u_out, int N, int sweeps) {
  if (N <= 0) return 0.0;
  const int S = N + 2;
  const double h = 1.0 / (N + 1);
  const size_t grid_bytes = (size_t)S * S * sizeof(double);
  const size_t rhs_bytes = (size_t)N * N * sizeof(double);

  double *d_u, *d_v, *d_f, *d_acc;
  CUDA_CHECK(cudaMalloc(&d_u, grid_bytes));
  CUDA_CHECK(cudaMalloc(&d_v, grid_bytes));
  CUDA_CHECK(cudaMalloc(&d_f, rhs_bytes));
  CUDA_CHECK(cudaMalloc(&d_acc, sizeof(double)));
  CUDA_CHECK(cudaMemset(d_u, 0, grid_bytes));
  CUDA_CHECK(cudaMemset(d_v, 0, grid_bytes));
  CUDA_CHECK(cudaMemset(d_acc, 0, sizeof(double)));
  CUDA_CHECK(cudaMemcpy(d_f, f, rhs_bytes, cudaMemcpyHostToDevice));

  const dim3 block(TILE, TILE);
  const dim3 grid(ceil_div(N, TILE), ceil_div(N, TILE));
  for (int it = 0; it < sweeps; ++it) {
    jacobi_sweep<<<grid, block>>>(d_u, d_v, d_f, h * h, N);
    CUDA_CHECK(cudaGetLastError());
    std::swap(d_u, d_v);
    if ((it + 1) % 10 == 0) printf("jacobi: sweep %d\n", it + 1);
  }
  residual_sq<<<grid, block>>>(d_u, d_f, d_acc, 1.0 / (h * h), N);
  CUDA_CHECK(cudaGetLastError());

  double r2 = 0.0;
  CUDA_CHECK(cudaMemcpy(&r2, d_acc, sizeof(double), cudaMemcpyDeviceToHost));
  // copy the interior rows out of the padded grid
  for (int j = 0; j < N; ++j)
    CUDA_CHECK(cudaMemcpy(u_out + j * N, d_u + (j + 1) * S + 1, N * sizeof(double),
                          cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_u));
  CUDA_CHECK(cudaFree(d_v));
  CUDA_CHECK(cudaFree(d_f));
  CUDA_CHECK(cudaFree(d_acc));
  const double res = std::sqrt(r2) * h;
  printf("jacobi: %d sweeps, residual %.3e\n", sweeps, res);
  return res;
}

}  // namespace poisson
