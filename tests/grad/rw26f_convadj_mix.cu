// cuad: --fn dry_adjust --wrt dp,theta,qv,work_out
// Dry convective adjustment in a column physics package: one thread per column copies its
// potential temperature, specific humidity and layer masses (dp/g) into a struct of local
// arrays, then sweeps upward repeatedly; wherever theta decreases with height by more than a
// critical amount, the two layers are mixed to their mass-weighted mean (theta and q both
// conserved), and the kinetic energy released is accumulated. The sweep repeats while some
// pair was unstable, at most maxpass times (data-dependent trip count). The pass count is an
// integer diagnostic.
#include <cuda_runtime.h>

#define NZ 12
#define AT(k, c) ((k) * ncol + (c))

namespace cfg {
constexpr double grav = 9.80665;
}

enum class PairState : int { Stable = 0, Mixed = 1 };

struct Column {
  double th[NZ];
  double qv[NZ];
  double mass[NZ];
};

__device__ PairState mix_pair(Column& col, int k, double crit, double& work) {
  const double dth = col.th[k] - col.th[k + 1];  // k+1 is above k
  if (dth <= crit) return PairState::Stable;
  const double ma = col.mass[k], mb = col.mass[k + 1];
  const double inv = 1.0 / (ma + mb);
  const double thm = (ma * col.th[k] + mb * col.th[k + 1]) * inv;
  const double qm = (ma * col.qv[k] + mb * col.qv[k + 1]) * inv;
  work += ma * mb * inv * dth * dth;
  col.th[k] = thm;
  col.th[k + 1] = thm;
  col.qv[k] = qm;
  col.qv[k + 1] = qm;
  return PairState::Mixed;
}

__global__ void dry_adjust(int ncol, const double* __restrict__ dp, double* __restrict__ theta,
                           double* __restrict__ qv, double* __restrict__ work_out,
                           int* __restrict__ npass_out, double crit, int maxpass) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncol) return;
  Column col;
  for (int k = 0; k < NZ; ++k) {
    col.th[k] = theta[AT(k, c)];
    col.qv[k] = qv[AT(k, c)];
    col.mass[k] = dp[AT(k, c)] / cfg::grav;
  }
  double work = 0.0;
  int pass = 0;
  bool unstable = true;
  while (unstable && pass < maxpass) {
    unstable = false;
    for (int k = 0; k < NZ - 1; ++k) {
      if (mix_pair(col, k, crit, work) == PairState::Mixed) unstable = true;
    }
    ++pass;
  }
  for (int k = 0; k < NZ; ++k) {
    theta[AT(k, c)] = col.th[k];
    qv[AT(k, c)] = col.qv[k];
  }
  work_out[c] = work;
  npass_out[c] = pass;
}
