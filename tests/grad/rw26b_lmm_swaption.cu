// cuad: --fn lmm_swaption --wrt L0,prm,payoff
// cuad: fwd --fn lmm_swaption --wrt L0,prm,payoff
// LIBOR market model Monte Carlo for a payer swaption, as a rates desk writes it: NF forward
// rates on a fixed tenor grid (accrual fractions in __constant__ memory), a two-factor
// volatility structure (abcd instantaneous vol, factor loadings from an angle that grows with
// the tenor index so rho_ij = cos(beta (i - j))), one path per thread on precomputed normals
// (two per tenor step), log-Euler under the spot measure with a predictor-corrector drift.
// The forwards live in a per-thread local array overwritten every step; expired forwards are
// skipped (the inner loops start at the first alive index); the numeraire rolls with the
// expiring forward. At expiry the swap rate and annuity come from the surviving forwards and
// the discounted payoff is written per path.
#include <cuda_runtime.h>

#define NF 8

__constant__ double c_tau[NF] = {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5};

struct LmmParams {
  double a, b, c, d;  // abcd: sigma(t) = (a + b t) exp(-c t) + d, t = time to fixing
  double beta;        // factor angle per tenor
};

__device__ __forceinline__ double abcd_vol(const LmmParams& p, double ttm) {
  return (p.a + p.b * ttm) * exp(-p.c * ttm) + p.d;
}

// Spot-measure drift of forward i given the current forwards and vols, alive from q.
__device__ double spot_drift(int i, int q, const double* L, const double* sig, double beta) {
  double mu = 0.0;
  for (int j = q; j <= i; ++j) {
    const double tl = c_tau[j] * L[j];
    mu += cos(beta * (i - j)) * tl * sig[j] / (1.0 + tl);
  }
  return sig[i] * mu;
}

__global__ void lmm_swaption(int n_paths, const double* __restrict__ L0,
                             const double* __restrict__ Z, LmmParams prm, double strike,
                             int expiry, double* __restrict__ payoff) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_paths) return;
  double L[NF], sig[NF], mu0[NF];
  for (int i = 0; i < NF; ++i) L[i] = L0[i];
  double numeraire = 1.0;
  double t = 0.0;
  for (int k = 0; k < expiry; ++k) {
    const double dt = c_tau[k];
    const double sdt = sqrt(dt);
    const double z1 = Z[(p * NF + k) * 2], z2 = Z[(p * NF + k) * 2 + 1];
    numeraire *= 1.0 + c_tau[k] * L[k];
    const int q = k + 1;  // first forward still alive after this step
    double fix = 0.0;
    for (int i = q; i < NF; ++i) {
      fix += c_tau[i - 1];
      sig[i] = abcd_vol(prm, fix);
    }
    for (int i = q; i < NF; ++i) mu0[i] = spot_drift(i, q, L, sig, prm.beta);
    // predictor
    double Lp[NF];
    for (int i = q; i < NF; ++i) {
      const double dw = sdt * (cos(prm.beta * i) * z1 + sin(prm.beta * i) * z2);
      Lp[i] = L[i] * exp((mu0[i] - 0.5 * sig[i] * sig[i]) * dt + sig[i] * dw);
    }
    // corrector: average of the drifts at the start and at the predicted forwards
    for (int i = q; i < NF; ++i) {
      const double mu1 = spot_drift(i, q, Lp, sig, prm.beta);
      const double dw = sdt * (cos(prm.beta * i) * z1 + sin(prm.beta * i) * z2);
      L[i] = L[i] * exp((0.5 * (mu0[i] + mu1) - 0.5 * sig[i] * sig[i]) * dt + sig[i] * dw);
    }
    t += dt;
  }
  // swap from expiry to the end of the grid
  double annuity = 0.0, df = 1.0;
  for (int i = expiry; i < NF; ++i) {
    df /= 1.0 + c_tau[i] * L[i];
    annuity += c_tau[i] * df;
  }
  const double swap_rate = (1.0 - df) / annuity;
  const double intrinsic = swap_rate - strike;
  payoff[p] = intrinsic > 0.0 ? intrinsic * annuity / numeraire : 0.0;
}
