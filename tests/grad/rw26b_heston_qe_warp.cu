// cuad: --fn heston_qe_calib --wrt sets,price
// cuad: fwd --fn heston_qe_calib --wrt sets,price
// Heston calibration inner loop: one warp per candidate parameter set (a struct array in
// global memory), lane 0 loads the set and computes the Andersen QE scheme's per-step constants
// (decay factor, the K0..K4 log-spot coefficients), which are broadcast to the warp with
// __shfl_sync; the 32 lanes simulate paths with the quadratic-exponential variance scheme (a
// branch on psi = s^2/m^2 against 1.5; in the exponential branch a uniform at or below the
// mass point p gives zero variance), uniforms and normals precomputed, the normal for the
// quadratic branch from normcdfinv of the uniform; the diffusion term of the log-spot is
// skipped when its variance is exactly zero. The discounted call payoffs are reduced
// with __shfl_xor_sync and lane 0 writes the set's price.
#include <cuda_runtime.h>

#define NSTEP 10
#define PATHS_PER_LANE 2
#define FULL 0xffffffffu

struct HestonSet {
  double v0, kappa, theta, xi, rho;
};

__global__ void heston_qe_calib(const HestonSet* __restrict__ sets, int n_sets,
                                const double* __restrict__ u, const double* __restrict__ zs,
                                double s0, double r, double T, double K,
                                double* __restrict__ price) {
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int lane = threadIdx.x & 31;
  if (warp >= n_sets) return;  // whole warps leave together
  const double dt = T / NSTEP;
  double e = 0.0, k0 = 0.0, k1 = 0.0, k2 = 0.0, k3 = 0.0, k4 = 0.0;
  double theta = 0.0, kappa = 0.0, xi = 0.0, v0 = 0.0;
  if (lane == 0) {
    const HestonSet h = sets[warp];
    kappa = h.kappa;
    theta = h.theta;
    xi = h.xi;
    v0 = h.v0;
    e = exp(-kappa * dt);
    k0 = -h.rho * kappa * theta * dt / xi;
    k1 = 0.5 * dt * (kappa * h.rho / xi - 0.5) - h.rho / xi;
    k2 = 0.5 * dt * (kappa * h.rho / xi - 0.5) + h.rho / xi;
    k3 = 0.5 * dt * (1.0 - h.rho * h.rho);
    k4 = k3;
  }
  e = __shfl_sync(FULL, e, 0);
  k0 = __shfl_sync(FULL, k0, 0);
  k1 = __shfl_sync(FULL, k1, 0);
  k2 = __shfl_sync(FULL, k2, 0);
  k3 = __shfl_sync(FULL, k3, 0);
  k4 = __shfl_sync(FULL, k4, 0);
  theta = __shfl_sync(FULL, theta, 0);
  kappa = __shfl_sync(FULL, kappa, 0);
  xi = __shfl_sync(FULL, xi, 0);
  v0 = __shfl_sync(FULL, v0, 0);
  double acc = 0.0;
  for (int q = 0; q < PATHS_PER_LANE; ++q) {
    const int path = lane * PATHS_PER_LANE + q;
    double v = v0, ls = log(s0);
    for (int k = 0; k < NSTEP; ++k) {
      const double uu = u[path * NSTEP + k];
      const double m = theta + (v - theta) * e;
      const double s2 = v * xi * xi * e * (1.0 - e) / kappa +
                        theta * xi * xi * (1.0 - e) * (1.0 - e) / (2.0 * kappa);
      const double psi = s2 / (m * m);
      double vn;
      if (psi <= 1.5) {
        const double ip = 2.0 / psi;
        const double b2 = ip - 1.0 + sqrt(ip) * sqrt(ip - 1.0);
        const double a = m / (1.0 + b2);
        const double zv = normcdfinv(uu);
        vn = a * (sqrt(b2) + zv) * (sqrt(b2) + zv);
      } else {
        const double p = (psi - 1.0) / (psi + 1.0);
        const double beta = (1.0 - p) / m;
        vn = uu <= p ? 0.0 : log((1.0 - p) / (1.0 - uu)) / beta;
      }
      const double var_inc = k3 * v + k4 * vn;  // zero after two mass-point steps in a row
      ls += r * dt + k0 + k1 * v + k2 * vn;
      if (var_inc > 0.0) ls += sqrt(var_inc) * zs[path * NSTEP + k];
      v = vn;
    }
    acc += exp(-r * T) * fmax(exp(ls) - K, 0.0);
  }
  for (int off = 16; off > 0; off >>= 1) acc += __shfl_xor_sync(FULL, acc, off);
  if (lane == 0) price[warp] = acc / (32 * PATHS_PER_LANE);
}
