// cuad: --fn cva_fx_book --wrt notional,fx_vol,hazard
// cuad: --fn cva_from_ee --wrt ee,hazard,cva
// cuad: fwd --fn cva_fx_book --wrt notional,fx_vol,hazard
// Unilateral CVA of a book of FX forwards, as an XVA engine computes it on the GPU. Kernel 1:
// one thread per scenario evolves the FX rate (GBM on precomputed normals, step per exposure
// date), revalues every live forward of the book, nets the book and takes the positive part;
// each warp sums its scenarios' exposures with a __shfl_xor_sync butterfly and lane 0 adds the
// warp's sum into the expected-exposure profile with atomicAdd. Kernel 2: one warp over the
// NT = 32 exposure dates: cumulative hazard by an inclusive warp scan (__shfl_up_sync),
// survival, the previous date's survival from the neighbouring lane, discounting, and a
// __shfl_down_sync reduction of the CVA integrand written by lane 0. The host function
// uploads, launches both, reads back the CVA.
#include <cuda_runtime.h>

#define NT 32
#define NTRADE 5
#define FULL 0xffffffffu

struct MarketData {
  double fx0, rd, rf, dt, recovery;
};

__device__ inline double fwd_value(double x, double notional, double strike, double tau,
                                   const MarketData& m) {
  return notional * (x * exp(-m.rf * tau) - strike * exp(-m.rd * tau));
}

__global__ void exposure_profile(const double* __restrict__ z, const double* __restrict__ notional,
                                 const double* __restrict__ strike, const int* __restrict__ mat,
                                 double fx_vol, MarketData m, int n_scen,
                                 double* __restrict__ ee) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  double x = m.fx0;
  const double drift = (m.rd - m.rf - 0.5 * fx_vol * fx_vol) * m.dt;
  const double vs = fx_vol * sqrt(m.dt);
  for (int t = 0; t < NT; ++t) {
    double pos = 0.0;
    if (s < n_scen) {
      x *= exp(drift + vs * z[s * NT + t]);
      double net = 0.0;
      for (int k = 0; k < NTRADE; ++k) {
        if (mat[k] <= t) continue;  // matured
        net += fwd_value(x, notional[k], strike[k], (mat[k] - t - 1) * m.dt, m);
      }
      pos = net > 0.0 ? net : 0.0;
    }
    for (int off = 16; off > 0; off >>= 1) pos += __shfl_xor_sync(FULL, pos, off);
    if (lane == 0) atomicAdd(&ee[t], pos / n_scen);
  }
}

__global__ void cva_from_ee(const double* __restrict__ ee, const double* __restrict__ hazard,
                            MarketData m, double* __restrict__ cva) {
  const int lane = threadIdx.x;
  double h = hazard[lane] * m.dt;
  for (int off = 1; off < 32; off <<= 1) {
    const double y = __shfl_up_sync(FULL, h, off);
    if (lane >= off) h += y;
  }
  const double surv = exp(-h);
  double prev = __shfl_up_sync(FULL, surv, 1);
  if (lane == 0) prev = 1.0;
  const double df = exp(-m.rd * (lane + 1) * m.dt);
  double v = (1.0 - m.recovery) * ee[lane] * df * (prev - surv);
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(FULL, v, off);
  if (lane == 0) *cva = v;
}

double cva_fx_book(const double* z, const double* notional, const double* strike, const int* mat,
                   double fx_vol, const double* hazard, MarketData m, int n_scen) {
  double *d_z, *d_not, *d_strike, *d_haz, *d_ee, *d_cva;
  int* d_mat;
  cudaMalloc(&d_z, n_scen * NT * sizeof(double));
  cudaMalloc(&d_not, NTRADE * sizeof(double));
  cudaMalloc(&d_strike, NTRADE * sizeof(double));
  cudaMalloc(&d_mat, NTRADE * sizeof(int));
  cudaMalloc(&d_haz, NT * sizeof(double));
  cudaMalloc(&d_ee, NT * sizeof(double));
  cudaMalloc(&d_cva, sizeof(double));
  cudaMemcpy(d_z, z, n_scen * NT * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_not, notional, NTRADE * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_strike, strike, NTRADE * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_mat, mat, NTRADE * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_haz, hazard, NT * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_ee, 0, NT * sizeof(double));
  const int threads = 64;
  exposure_profile<<<(n_scen + threads - 1) / threads, threads>>>(d_z, d_not, d_strike, d_mat,
                                                                  fx_vol, m, n_scen, d_ee);
  cva_from_ee<<<1, NT>>>(d_ee, d_haz, m, d_cva);
  double cva = 0.0;
  cudaMemcpy(&cva, d_cva, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_z);
  cudaFree(d_not);
  cudaFree(d_strike);
  cudaFree(d_mat);
  cudaFree(d_haz);
  cudaFree(d_ee);
  cudaFree(d_cva);
  return cva;
}
