// cuad: --fn heston_asian --wrt kappa,theta,xi,rho,v0,payoff,vT
// Heston Asian call in float with cuRAND Philox: each thread copies its state to a local,
// draws four normals at a time with curand_normal4 (two correlated Euler steps per draw),
// full-truncation variance (fmaxf(v, 0)), a helper stepping a struct of log-price and
// variance by reference, a running arithmetic average of the price, discounting, and the
// state written back. Model parameters are scalars passed by value.
#include <curand_kernel.h>

struct HestonModel {
  float kappa, theta, xi, rho, rate;
};
struct PathState {
  float logS, v;
};

__global__ void heston_seed(curandStatePhilox4_32_10_t* st, unsigned long long seed, int n) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n) curand_init(seed, p, 0, &st[p]);
}

__device__ __forceinline__ void heston_step(PathState& ps, const HestonModel& m, float dt,
                                            float sq, float z1, float z2) {
  const float vp = fmaxf(ps.v, 0.0f);
  const float sv = sqrtf(vp);
  const float w2 = m.rho * z1 + sqrtf(1.0f - m.rho * m.rho) * z2;
  ps.logS += (m.rate - 0.5f * vp) * dt + sv * sq * z1;
  ps.v += m.kappa * (m.theta - vp) * dt + m.xi * sv * sq * w2;
}

__global__ void heston_asian(curandStatePhilox4_32_10_t* states, float* payoff, float* vT,
                             float S0, float K, float kappa, float theta, float xi, float rho,
                             float v0, float rate, float T, int n_steps, int n_paths) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_paths) return;
  curandStatePhilox4_32_10_t local = states[p];
  const HestonModel m{kappa, theta, xi, rho, rate};
  const float dt = T / n_steps, sq = sqrtf(dt);
  PathState ps{logf(S0), v0};
  float sum = 0.0f;
  for (int t = 0; t < n_steps; t += 2) {
    const float4 z = curand_normal4(&local);
    heston_step(ps, m, dt, sq, z.x, z.y);
    sum += expf(ps.logS);
    heston_step(ps, m, dt, sq, z.z, z.w);
    sum += expf(ps.logS);
  }
  states[p] = local;
  payoff[p] = expf(-rate * T) * fmaxf(sum / n_steps - K, 0.0f);
  vT[p] = ps.v;
}
