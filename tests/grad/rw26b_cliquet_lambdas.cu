// cuad: --fn cliquet_mc --wrt spec,vols,pay
// cuad: fwd --fn cliquet_mc --wrt spec,vols,pay
// Monte Carlo for a globally floored cliquet (a sum of locally capped and floored periodic
// returns) under GBM with a piecewise-constant vol per reset period, written with lambdas the
// way modern CUDA C++ code factors a path loop: a stepping lambda that captures the path state
// by reference and mutates it (log-spot and the running sum of clipped returns), a clipping
// lambda capturing the cap and floor by value, and a generic lambda for the discount factor.
// Several substeps per reset period; one path per thread; the payoff uses a softplus global
// floor so that it stays smooth.
#include <cuda_runtime.h>

#define NRESET 6
#define NSUB 4

struct CliquetSpec {
  double s0, r, T;
  double local_cap, local_floor, global_floor;
};

__global__ void cliquet_mc(const double* __restrict__ z, CliquetSpec spec,
                           const double* __restrict__ vols, int n_paths,
                           double* __restrict__ pay) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_paths) return;
  const double dt = spec.T / (NRESET * NSUB);
  double ls = log(spec.s0), sum = 0.0;
  const double cap = spec.local_cap, flo = spec.local_floor;
  auto clip = [=](double x) { return fmin(fmax(x, flo), cap); };
  auto discount = [&](auto t) { return exp(-spec.r * t); };
  auto period = [&](int k) {
    const double sig = vols[k];
    const double start = ls;
    for (int s = 0; s < NSUB; ++s)
      ls += (spec.r - 0.5 * sig * sig) * dt + sig * sqrt(dt) * z[(p * NRESET + k) * NSUB + s];
    sum += clip(exp(ls - start) - 1.0);
  };
  for (int k = 0; k < NRESET; ++k) period(k);
  const double x = sum - spec.global_floor;
  const double smooth = 0.01 * log1p(exp(x / 0.01));
  pay[p] = discount(spec.T) * (spec.global_floor + smooth);
}
