// cuad: --fn merton_paths --wrt s0,vol,jump_mean,jump_sd,moments
// cuad: fwd --fn merton_paths --wrt s0,vol,jump_mean,jump_sd,moments
// Written for cuad in the style of a Merton jump-diffusion Monte Carlo kernel: per step a
// uniform decides whether a jump happens (`u < lambda dt ? curand_log_normal(...) : 1.0f`, the
// log-normal draw only on the jump path) with a log-normal jump size whose mean and standard
// deviation are differentiated, a diffusion factor from curand_normal, the states kept in
// place (`&states[p]`, no local copy), and the first two moments of S_T summed with atomics.
#include <curand_kernel.h>

__global__ void seed_merton(curandState* states, unsigned long long seed, int n_paths) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n_paths) curand_init(seed, p, 0, &states[p]);
}

__global__ void merton_paths(curandState* states, const float* s0, const float* vol,
                             const float* jump_mean, const float* jump_sd, float lambda, float T,
                             int n_steps, int n_paths, float* moments) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_paths) return;
  const float dt = T / n_steps, sig = vol[0];
  float s = s0[0];
  for (int k = 0; k < n_steps; ++k) {
    const float u = curand_uniform(&states[p]);
    const float jump = u < lambda * dt ? curand_log_normal(&states[p], jump_mean[0], jump_sd[0]) : 1.0f;
    s *= expf(-0.5f * sig * sig * dt + sig * sqrtf(dt) * curand_normal(&states[p])) * jump;
  }
  atomicAdd(&moments[0], s / n_paths);
  atomicAdd(&moments[1], s * s / n_paths);
}
