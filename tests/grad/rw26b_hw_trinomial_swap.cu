// cuad: --fn hw_tree_options --wrt P,hw,price
// cuad: fwd --fn hw_tree_options --wrt P,hw,price
// Hull-White trinomial tree fitted to each scenario's discount curve, then used to price a
// European call on a zero-coupon bond, as a rates library builds trees (one curve per thread):
// forward induction of Arrow-Debreu prices level by level with the drift shift alpha_i solved
// in closed form so that the tree reprices P(0, t_{i+1}), then backward induction of the bond
// and the option. The two levels in flight live in two local arrays used through pointers
// that are swapped after each level (`cur`/`nxt`); the branching probabilities depend on the
// node index (normal branching; the tree is shallow enough never to need the edge branchings).
// Model parameters (mean reversion, vol) come in a struct by value.
#include <cuda_runtime.h>

#define NSTEP 8
#define W (2 * NSTEP + 1)

struct HwParams {
  double a, sigma, dt;
};

__device__ __forceinline__ void branch_probs(double a, double dt, int j, double& pu, double& pm,
                                             double& pd) {
  const double x = a * j * dt;
  pu = 1.0 / 6.0 + 0.5 * (x * x - x);
  pm = 2.0 / 3.0 - x * x;
  pd = 1.0 / 6.0 + 0.5 * (x * x + x);
}

__device__ double hw_bond_call(const double* P, HwParams hw, double K, int M) {
  const double dx = hw.sigma * sqrt(3.0 * hw.dt);
  double bufA[W], bufB[W], alpha[NSTEP];
  double* cur = bufA;
  double* nxt = bufB;
  for (int j = 0; j < W; ++j) cur[j] = 0.0;
  cur[NSTEP] = 1.0;
  // forward induction: fit alpha_i, propagate Arrow-Debreu prices
  for (int i = 0; i < NSTEP; ++i) {
    double s = 0.0;
    for (int j = -i; j <= i; ++j) s += cur[NSTEP + j] * exp(-j * dx * hw.dt);
    alpha[i] = (log(s) - log(P[i + 1])) / hw.dt;
    for (int j = 0; j < W; ++j) nxt[j] = 0.0;
    for (int j = -i; j <= i; ++j) {
      double pu, pm, pd;
      branch_probs(hw.a, hw.dt, j, pu, pm, pd);
      const double q = cur[NSTEP + j] * exp(-(alpha[i] + j * dx) * hw.dt);
      nxt[NSTEP + j + 1] += pu * q;
      nxt[NSTEP + j] += pm * q;
      nxt[NSTEP + j - 1] += pd * q;
    }
    double* t = cur;
    cur = nxt;
    nxt = t;
  }
  // backward induction: the bond maturing at NSTEP, the option expiring at M
  for (int j = 0; j < W; ++j) cur[j] = 1.0;
  for (int i = NSTEP - 1; i >= 0; --i) {
    for (int j = -i; j <= i; ++j) {
      double pu, pm, pd;
      branch_probs(hw.a, hw.dt, j, pu, pm, pd);
      const double disc = exp(-(alpha[i] + j * dx) * hw.dt);
      nxt[NSTEP + j] =
          disc * (pu * cur[NSTEP + j + 1] + pm * cur[NSTEP + j] + pd * cur[NSTEP + j - 1]);
    }
    if (i == M)
      for (int j = -i; j <= i; ++j) nxt[NSTEP + j] = fmax(nxt[NSTEP + j] - K, 0.0);
    double* t = cur;
    cur = nxt;
    nxt = t;
  }
  return cur[NSTEP];
}

__global__ void hw_tree_options(const double* __restrict__ P, HwParams hw,
                                const double* __restrict__ strikes, int expiry, int n,
                                double* __restrict__ price) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= n) return;
  price[c] = hw_bond_call(P + c * (NSTEP + 1), hw, strikes[c], expiry);
}
