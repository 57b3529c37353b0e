// cuad: --fn vec_env_rollout --wrt init,reset_pool,actions,final_state,total_reward
// cuad: fwd --fn vec_env_rollout --wrt init,reset_pool,actions,final_state,total_reward
// A vectorized environment with automatic resets (as in Isaac Gym / Brax training loops):
// one thread per environment steps an acrobot-like two-joint arm with the given actions;
// whenever an episode ends (the first link swings past a limit, or the episode length is
// reached) the state struct is overwritten by the next state from a per-environment reset
// pool and the episode counters restart; rewards keep accumulating across episodes. The
// state is a struct with fixed arrays, the physics step a member function.
#include <cuda_runtime.h>

#define POOL 4

struct ArmState {
  double q[2], qd[2];
  __device__ void step(double u, double dt) {
    const double c2 = cos(q[1]), s2 = sin(q[1]);
    const double m11 = 2.0 + c2, m12 = 0.5 + 0.5 * c2, m22 = 0.5;
    const double h1 = -s2 * (qd[0] * qd[1] + 0.5 * qd[1] * qd[1]) + 9.81 * (1.5 * sin(q[0]) + 0.5 * sin(q[0] + q[1]));
    const double h2 = 0.5 * s2 * qd[0] * qd[0] + 9.81 * 0.5 * sin(q[0] + q[1]);
    const double det = m11 * m22 - m12 * m12;
    const double a1 = (m22 * (-h1 - 0.1 * qd[0]) - m12 * (u - h2 - 0.1 * qd[1])) / det;
    const double a2 = (m11 * (u - h2 - 0.1 * qd[1]) - m12 * (-h1 - 0.1 * qd[0])) / det;
    qd[0] += dt * a1;
    qd[1] += dt * a2;
    q[0] += dt * qd[0];
    q[1] += dt * qd[1];
  }
};

__global__ void vec_env_rollout(int n_env, int horizon, int max_len, double dt, double q_limit,
                                const ArmState* __restrict__ init, const ArmState* __restrict__ reset_pool,
                                const double* __restrict__ actions, ArmState* __restrict__ final_state,
                                double* __restrict__ total_reward, int* __restrict__ n_episodes) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  ArmState s = init[e];
  double reward = 0.0;
  int ep_len = 0, episodes = 0;
  for (int t = 0; t < horizon; ++t) {
    const double u = 4.0 * tanh(actions[e * horizon + t]);
    s.step(u, dt);
    reward += -cos(s.q[0]) - 0.5 * cos(s.q[0] + s.q[1]) - 0.01 * u * u;
    ++ep_len;
    if (fabs(s.q[0]) > q_limit || ep_len >= max_len) {
      s = reset_pool[e * POOL + episodes % POOL];
      ++episodes;
      ep_len = 0;
      reward -= 1.0;
    }
  }
  final_state[e] = s;
  total_reward[e] = reward;
  n_episodes[e] = episodes;
}
