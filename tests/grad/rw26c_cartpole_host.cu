// cuad: --fn rollout_cost --wrt init_states,actions,p,final_states
// cuad: fwd --fn rollout_cost --wrt init_states,actions,final_states
// Batched cart-pole rollouts for trajectory optimization (an MPC / policy-search inner loop):
// the host function uploads the initial states (an array of EnvState structs) and the open-
// loop actions, clears a per-environment cost buffer, launches one step kernel per time step
// (semi-implicit Euler on the classic cart-pole equations: velocities first, then positions
// from the new velocities), each step adding its running cost in place, then a terminal-cost
// kernel. The per-environment costs are copied back and summed on the host; the final states
// are copied into the caller's array. Physical parameters travel in a struct by value.
#include <cuda_runtime.h>
#include <cmath>
#include <vector>

struct CartPoleParams {
  double m_cart, m_pole, half_len, gravity, dt, track_limit;
};

struct EnvState {
  double x, xd, th, thd;
};

__device__ __forceinline__ double softplus(double z) { return z > 0.0 ? z + log1p(exp(-z)) : log1p(exp(z)); }

__global__ void cartpole_step(int n_env, int t, EnvState* states, const double* __restrict__ actions,
                              int horizon, CartPoleParams p, double* __restrict__ cost) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  EnvState s = states[e];
  const double u = actions[e * horizon + t];
  const double st = sin(s.th), ct = cos(s.th);
  const double total = p.m_cart + p.m_pole;
  const double tmp = (u + p.m_pole * p.half_len * s.thd * s.thd * st) / total;
  const double thacc = (p.gravity * st - ct * tmp) /
                       (p.half_len * (4.0 / 3.0 - p.m_pole * ct * ct / total));
  const double xacc = tmp - p.m_pole * p.half_len * thacc * ct / total;
  s.xd += p.dt * xacc;
  s.thd += p.dt * thacc;
  s.x += p.dt * s.xd;
  s.th += p.dt * s.thd;
  states[e] = s;
  const double barrier = softplus(4.0 * (s.x - p.track_limit)) + softplus(-4.0 * (s.x + p.track_limit));
  cost[e] += p.dt * ((1.0 - cos(s.th)) + 0.1 * s.x * s.x + 0.01 * u * u + barrier);
}

__global__ void terminal_cost(int n_env, const EnvState* __restrict__ states, double* __restrict__ cost) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  const EnvState s = states[e];
  cost[e] += 2.0 * (1.0 - cos(s.th)) + 0.5 * (s.thd * s.thd + s.xd * s.xd);
}

double rollout_cost(const EnvState* init_states, const double* actions, int n_env, int horizon,
                    CartPoleParams p, EnvState* final_states) {
  const int threads = 32, blocks = (n_env + threads - 1) / threads;
  EnvState* d_states;
  double *d_actions, *d_cost;
  cudaMalloc(&d_states, n_env * sizeof(EnvState));
  cudaMalloc(&d_actions, n_env * horizon * sizeof(double));
  cudaMalloc(&d_cost, n_env * sizeof(double));
  cudaMemcpy(d_states, init_states, n_env * sizeof(EnvState), cudaMemcpyHostToDevice);
  cudaMemcpy(d_actions, actions, n_env * horizon * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_cost, 0, n_env * sizeof(double));
  for (int t = 0; t < horizon; ++t)
    cartpole_step<<<blocks, threads>>>(n_env, t, d_states, d_actions, horizon, p, d_cost);
  terminal_cost<<<blocks, threads>>>(n_env, d_states, d_cost);
  std::vector<double> cost(n_env);
  cudaMemcpy(cost.data(), d_cost, n_env * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(final_states, d_states, n_env * sizeof(EnvState), cudaMemcpyDeviceToHost);
  double total = 0.0;
  for (int e = 0; e < n_env; ++e) total += cost[e];
  cudaFree(d_states);
  cudaFree(d_actions);
  cudaFree(d_cost);
  return total / n_env;
}
