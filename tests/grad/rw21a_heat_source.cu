// cuad: --fn run_heat --wrt T0,source,kappa,T_out
// 2-D heat equation with a volumetric source term, written the way a lab code looks: a
// CUDA_CHECK macro, `using real = double;`, constexpr block sizes, a div_up helper for a 2-D
// dim3 grid, ping-pong buffers swapped with std::swap, event timing around the time loop and
// a progress printf every few steps. Dirichlet walls (T = 0) around the plate.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <utility>

#define CUDA_CHECK(call)                                                              \
  do {                                                                                \
    cudaError_t e = (call);                                                           \
    if (e != cudaSuccess) {                                                           \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__,     \
              __LINE__);                                                              \
      exit(1);                                                                        \
    }                                                                                 \
  } while (0)

using real = double;

constexpr int BX = 16;
constexpr int BY = 8;

static inline int div_up(int a, int b) { return (a + b - 1) / b; }

__global__ void heat_step(const real* __restrict__ T, const real* __restrict__ q,
                          real* __restrict__ T_new, int nx, int ny, real kappa, real dt,
                          real inv_h2) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  const int idx = j * nx + i;
  const real c = T[idx];
  const real w = (i > 0) ? T[idx - 1] : 0.0;
  const real e = (i < nx - 1) ? T[idx + 1] : 0.0;
  const real s = (j > 0) ? T[idx - nx] : 0.0;
  const real n = (j < ny - 1) ? T[idx + nx] : 0.0;
  const real lap = (w + e + s + n - 4.0 * c) * inv_h2;
  // source weakened where the plate is already hot (saturating heater)
  T_new[idx] = c + dt * (kappa * lap + q[idx] / (1.0 + c * c));
}

void run_heat(const real* T0, const real* source, real kappa, real* T_out, int nx, int ny,
              int nsteps) {
  if (nx <= 0 || ny <= 0) return;
  const size_t bytes = static_cast<size_t>(nx) * ny * sizeof(real);
  const real h = 1.0 / (nx + 1);
  const real inv_h2 = 1.0 / (h * h);
  const real dt = 0.2 * h * h / kappa;  // explicit stability limit with margin

  real *d_T = nullptr, *d_Tn = nullptr, *d_q = nullptr;
  CUDA_CHECK(cudaMalloc(&d_T, bytes));
  CUDA_CHECK(cudaMalloc(&d_Tn, bytes));
  CUDA_CHECK(cudaMalloc(&d_q, bytes));
  CUDA_CHECK(cudaMemcpy(d_T, T0, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_q, source, bytes, cudaMemcpyHostToDevice));

  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  dim3 block(BX, BY);
  dim3 grid(div_up(nx, BX), div_up(ny, BY));
  CUDA_CHECK(cudaEventRecord(start));
  for (int step = 0; step < nsteps; ++step) {
    heat_step<<<grid, block>>>(d_T, d_q, d_Tn, nx, ny, kappa, dt, inv_h2);
    CUDA_CHECK(cudaGetLastError());
    std::swap(d_T, d_Tn);
    if (step % 4 == 0) printf("[heat] step %d/%d\n", step, nsteps);
  }
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  printf("[heat] %d steps on %dx%d in %.3f ms\n", nsteps, nx, ny, ms);

  CUDA_CHECK(cudaMemcpy(T_out, d_T, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(d_T));
  CUDA_CHECK(cudaFree(d_Tn));
  CUDA_CHECK(cudaFree(d_q));
}
