// cuad: --fn heat_run --wrt u0,alpha,uT
// A 1-D nonlinear heat solver organized the way application codes do it: a struct with
// default member initializers holds the device buffers (state, next state, a scratch
// Laplacian only the kernels write) and the parameters; host helpers allocate and fill it
// (`heat_init(HeatSolver&, ...)`), advance it (`heat_step(HeatSolver&)`: two kernels and a
// std::swap of the state buffers) and release it (`heat_destroy(HeatSolver*)`, resetting the
// fields). The diffusivity `alpha` is stored in a field and passed to the update kernel.
#include <cuda_runtime.h>
#include <utility>

struct HeatSolver {
  double* u = nullptr;
  double* u_next = nullptr;
  double* lap = nullptr;
  double alpha = 0.0;
  double dt = 0.0;
  double inv_dx2 = 1.0;
  int n = 0;
};

// Conductivity k(u) = 1 + 0.5 u^2, averaged on the faces; insulated (Neumann) ends.
__global__ void nonlinear_laplacian(const double* u, double* lap, double inv_dx2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double ui = u[i];
  const double ul = i > 0 ? u[i - 1] : ui;
  const double ur = i < n - 1 ? u[i + 1] : ui;
  const double kl = 1.0 + 0.25 * (ul * ul + ui * ui);
  const double kr = 1.0 + 0.25 * (ur * ur + ui * ui);
  lap[i] = (kr * (ur - ui) - kl * (ui - ul)) * inv_dx2;
}

__global__ void explicit_euler(const double* u, const double* lap, double* u_next,
                               double alpha, double dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) u_next[i] = u[i] + dt * (alpha * lap[i] - 0.1 * u[i] * u[i] * u[i]);
}

static void heat_init(HeatSolver& s, const double* h_u0, int n, double alpha, double dt) {
  s.n = n;
  s.alpha = alpha;
  s.dt = dt;
  cudaMalloc(&s.u, n * sizeof(double));
  cudaMalloc(&s.u_next, n * sizeof(double));
  cudaMalloc(&s.lap, n * sizeof(double));
  cudaMemcpy(s.u, h_u0, n * sizeof(double), cudaMemcpyHostToDevice);
}

static void heat_step(HeatSolver& s) {
  const int threads = 64;
  const int blocks = (s.n + threads - 1) / threads;
  nonlinear_laplacian<<<blocks, threads>>>(s.u, s.lap, s.inv_dx2, s.n);
  explicit_euler<<<blocks, threads>>>(s.u, s.lap, s.u_next, s.alpha, s.dt, s.n);
  std::swap(s.u, s.u_next);
}

static void heat_destroy(HeatSolver* s) {
  cudaFree(s->u);
  cudaFree(s->u_next);
  cudaFree(s->lap);
  s->u = nullptr;
  s->u_next = nullptr;
  s->lap = nullptr;
}

void heat_run(const double* u0, double* uT, double alpha, int n, int steps) {
  HeatSolver s;
  heat_init(s, u0, n, alpha, 0.15);
  for (int t = 0; t < steps; ++t) heat_step(s);
  cudaMemcpy(uT, s.u, n * sizeof(double), cudaMemcpyDeviceToHost);
  heat_destroy(&s);
}
