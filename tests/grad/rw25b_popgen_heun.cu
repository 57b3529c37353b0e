// cuad: --fn evolve_demes --wrt p,s,h,m,u
// cuad: fwd --fn evolve_demes --wrt p,s,h,m,u
// Deterministic population genetics on a ring of demes (stepping-stone model): the allele
// frequency p_i of each deme follows selection with dominance, symmetric mutation and
// migration with the two neighbouring demes,
//   dp_i/dt = s_i p_i (1 - p_i) [p_i + h (1 - 2 p_i)] + u (1 - 2 p_i) + m (p_{i-1} + p_{i+1} - 2 p_i) / 2.
// The host integrates with Heun's method: a predictor kernel (Euler step, slope saved) and a
// corrector kernel per step, the device buffers kept in a struct and the current/next state
// pointers exchanged with std::swap. The final frequencies are copied back over the caller's
// array; the function returns the mean expected heterozygosity 2 p (1 - p), summed on the host.
#include <cuda_runtime.h>
#include <utility>
#include <vector>

struct DemeBuffers {
  double* cur;
  double* next;
  double* pred;
  double* slope;
  double* sel;
};

__device__ double allele_rate(const double* p, int i, int n, double s_i, double h, double m, double u) {
  const double x = p[i];
  const double left = p[(i + n - 1) % n], right = p[(i + 1) % n];
  const double selection = s_i * x * (1.0 - x) * (x + h * (1.0 - 2.0 * x));
  const double mutation = u * (1.0 - 2.0 * x);
  const double migration = 0.5 * m * (left + right - 2.0 * x);
  return selection + mutation + migration;
}

__global__ void heun_predict(const double* p, const double* s, double h, double m, double u, int n, double dt,
                             double* slope, double* pred) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double k1 = allele_rate(p, i, n, s[i], h, m, u);
  slope[i] = k1;
  pred[i] = p[i] + dt * k1;
}

__global__ void heun_correct(const double* p, const double* pred, const double* slope, const double* s, double h,
                             double m, double u, int n, double dt, double* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double k2 = allele_rate(pred, i, n, s[i], h, m, u);
  out[i] = p[i] + 0.5 * dt * (slope[i] + k2);
}

double evolve_demes(double* p, const double* s, double h, double m, double u, int ndemes, int nsteps, double dt) {
  DemeBuffers b;
  const size_t bytes = ndemes * sizeof(double);
  cudaMalloc(&b.cur, bytes);
  cudaMalloc(&b.next, bytes);
  cudaMalloc(&b.pred, bytes);
  cudaMalloc(&b.slope, bytes);
  cudaMalloc(&b.sel, bytes);
  cudaMemcpy(b.cur, p, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(b.sel, s, bytes, cudaMemcpyHostToDevice);
  const int threads = 32, blocks = (ndemes + threads - 1) / threads;
  for (int step = 0; step < nsteps; ++step) {
    heun_predict<<<blocks, threads>>>(b.cur, b.sel, h, m, u, ndemes, dt, b.slope, b.pred);
    heun_correct<<<blocks, threads>>>(b.cur, b.pred, b.slope, b.sel, h, m, u, ndemes, dt, b.next);
    std::swap(b.cur, b.next);
  }
  cudaMemcpy(p, b.cur, bytes, cudaMemcpyDeviceToHost);
  double het = 0.0;
  for (int i = 0; i < ndemes; ++i) het += 2.0 * p[i] * (1.0 - p[i]);
  cudaFree(b.cur);
  cudaFree(b.next);
  cudaFree(b.pred);
  cudaFree(b.slope);
  cudaFree(b.sel);
  return het / ndemes;
}
