// cuad: --fn sabr_paths --wrt params,F0,payoff
// SABR forward-rate Monte Carlo in float: params = {alpha0, beta, nu, rho} in device memory,
// correlated normals from two precomputed arrays, log-Euler for the volatility, Euler for the
// forward with powf(F, beta) and an absorbing floor (fmaxf), and a call payoff per path.
struct SabrState {
  float F;
  float a;
};

__device__ __forceinline__ void sabr_step(SabrState& st, float beta, float nu, float rho,
                                          float sq, float dt, float z1, float z2) {
  const float w1 = z1;
  const float w2 = rho * z1 + sqrtf(1.0f - rho * rho) * z2;
  const float Fb = powf(st.F, beta);
  st.F = fmaxf(st.F + st.a * Fb * sq * w1, 1e-4f);
  st.a *= expf(nu * sq * w2 - 0.5f * nu * nu * dt);
}

__global__ void sabr_paths(float* payoff, const float* __restrict__ params, float F0,
                           const float* __restrict__ Z1, const float* __restrict__ Z2, float K,
                           float T, int n_steps, int n_paths) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_paths) return;
  const float alpha0 = params[0], beta = params[1], nu = params[2], rho = params[3];
  const float dt = T / (float)n_steps;
  const float sq = sqrtf(dt);
  SabrState st{F0, alpha0};
#pragma unroll 4
  for (int t = 0; t < n_steps; ++t)
    sabr_step(st, beta, nu, rho, sq, dt, Z1[t * n_paths + p], Z2[t * n_paths + p]);
  payoff[p] = fmaxf(st.F - K, 0.0f);
}
