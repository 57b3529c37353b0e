// cuad: --fn lmm_cap_price --wrt L0,vols
// cuad: fwd --fn lmm_cap_price --wrt L0,vols
// LIBOR market model cap pricer with the simulation state in device memory, stepped by a host
// loop that launches one kernel per tenor date, as production LMM code does when the number of
// dates is large: a struct of device pointers (forwards, numeraire, accumulated payoff) is
// allocated and freed by helpers and passed by value to the kernels. Each step kernel pays the
// caplet fixing at that date (discounted by the rolling spot numeraire), rolls the numeraire,
// then moves the still-alive forwards one period by log-Euler with the one-factor spot-measure
// drift, in place in global memory (each thread owns its path's row). Normals are precomputed
// (one per path and date). The payoffs are copied back and averaged on the host.
#include <cuda_runtime.h>
#include <vector>

#define NF 6
constexpr double kTau = 0.5;

struct LmmState {
  double* L;    // [path][NF]
  double* num;  // [path]
  double* pay;  // [path]
  int n_paths;
};

static void alloc_state(LmmState& s, int n_paths) {
  s.n_paths = n_paths;
  cudaMalloc(&s.L, n_paths * NF * sizeof(double));
  cudaMalloc(&s.num, n_paths * sizeof(double));
  cudaMalloc(&s.pay, n_paths * sizeof(double));
}

static void free_state(LmmState& s) {
  cudaFree(s.L);
  cudaFree(s.num);
  cudaFree(s.pay);
}

__global__ void lmm_init(LmmState s, const double* __restrict__ L0) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= s.n_paths) return;
  for (int i = 0; i < NF; ++i) s.L[p * NF + i] = L0[i];
  s.num[p] = 1.0;
  s.pay[p] = 0.0;
}

__global__ void lmm_step(LmmState s, const double* __restrict__ vols,
                         const double* __restrict__ z, int k, double strike) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= s.n_paths) return;
  double* L = s.L + p * NF;
  // caplet on L_k, fixed now, paid at T_{k+1}: discount with the numeraire at T_{k+1}
  const double Lk = L[k];
  s.num[p] *= 1.0 + kTau * Lk;
  s.pay[p] += kTau * fmax(Lk - strike, 0.0) / s.num[p];
  const double dw = sqrt(kTau) * z[p * NF + k];
  double drift_sum = 0.0;
  for (int i = k + 1; i < NF; ++i) {
    const double sig = vols[i - k - 1];  // vol by time to fixing (stationary)
    const double tl = kTau * L[i];
    drift_sum += tl * sig / (1.0 + tl);
    L[i] *= exp((sig * drift_sum - 0.5 * sig * sig) * kTau + sig * dw);
  }
}

double lmm_cap_price(const double* L0, const double* vols, const double* z, int n_paths,
                     double strike) {
  LmmState s;
  alloc_state(s, n_paths);
  double *d_L0, *d_vols, *d_z;
  cudaMalloc(&d_L0, NF * sizeof(double));
  cudaMalloc(&d_vols, NF * sizeof(double));
  cudaMalloc(&d_z, n_paths * NF * sizeof(double));
  cudaMemcpy(d_L0, L0, NF * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_vols, vols, NF * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_z, z, n_paths * NF * sizeof(double), cudaMemcpyHostToDevice);
  const int threads = 32, blocks = (n_paths + threads - 1) / threads;
  lmm_init<<<blocks, threads>>>(s, d_L0);
  for (int k = 0; k < NF; ++k) lmm_step<<<blocks, threads>>>(s, d_vols, d_z, k, strike);
  std::vector<double> pay(n_paths);
  cudaMemcpy(pay.data(), s.pay, n_paths * sizeof(double), cudaMemcpyDeviceToHost);
  double sum = 0.0;
  for (double v : pay) sum += v;
  free_state(s);
  cudaFree(d_L0);
  cudaFree(d_vols);
  cudaFree(d_z);
  return sum / n_paths;
}
