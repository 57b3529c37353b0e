// cuad: --fn simulate --wrt u0,k,uT
// Application-style host code: a struct of device buffers and parameters that helpers
// allocate (`sim_alloc(s, n, k)`: `cudaMalloc(&s.u, ...)`), step (`sim_step(s)`: two kernels
// and a swap of `s.u` and `s.v`) and free (`sim_free(&s)`, through `s->u`). The helpers that
// take the struct are written out in the caller and the struct is scalarized, so the buffers
// are traced, checkpointed per step and mirrored as if the code were written inline; the
// diffusivity `k`, stored in a field, gets its adjoint through the field. (Before: "cuad
// cannot tell where the adjoint of the buffer `s.u` lives".)
#include <cuda_runtime.h>
#include <utility>

struct Sim {
  double* u;
  double* v;
  double* flux;
  double k;
  int n;
};

__global__ void fluxes(const double* u, double* flux, double k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - 1) flux[i] = k * (u[i + 1] - u[i]) * (1.0 + 0.5 * u[i] * u[i + 1]);
}

__global__ void update(const double* u, const double* flux, double* v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double in = i > 0 ? flux[i - 1] : 0.0;
    double out = i < n - 1 ? flux[i] : 0.0;
    v[i] = u[i] + 0.2 * (out - in);
  }
}

void sim_alloc(Sim& s, int n, double k) {
  s.n = n;
  s.k = k;
  cudaMalloc(&s.u, n * sizeof(double));
  cudaMalloc(&s.v, n * sizeof(double));
  cudaMalloc(&s.flux, n * sizeof(double));
}

void sim_step(Sim& s) {
  const int threads = 64, blocks = (s.n + threads - 1) / threads;
  fluxes<<<blocks, threads>>>(s.u, s.flux, s.k, s.n);
  update<<<blocks, threads>>>(s.u, s.flux, s.v, s.n);
  std::swap(s.u, s.v);
}

void sim_free(Sim* s) {
  cudaFree(s->u);
  cudaFree(s->v);
  cudaFree(s->flux);
}

void simulate(const double* u0, double* uT, double k, int n, int steps) {
  Sim s;
  sim_alloc(s, n, k);
  cudaMemcpy(s.u, u0, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int t = 0; t < steps; ++t) sim_step(s);
  cudaMemcpy(uT, s.u, n * sizeof(double), cudaMemcpyDeviceToHost);
  sim_free(&s);
}
