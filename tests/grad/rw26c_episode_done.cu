// cuad: --fn pendulum_episodes --wrt gains,states,returns
// cuad: fwd --fn pendulum_episodes --wrt gains,states,returns
// Batched episodes of a torque-limited pendulum-on-cart under a linear feedback policy whose
// gains are being tuned, one thread per environment: the state is updated in place in global
// memory through a reference to the environment's struct (EnvState& s = states[e]); the
// policy sees a velocity estimate from the last two angle readings held in two local
// buffers that swap roles through pointers every step; the episode terminates early (break)
// once the pole falls past a limit, recording the step; the return accumulates the reward
// until then, with a terminal bonus discounted by the survival time.
#include <cuda_runtime.h>

struct EnvState {
  double x, xd, th, thd;
};

__global__ void pendulum_episodes(int n_env, int horizon, double dt, const double* __restrict__ gains,
                                  EnvState* states, double th_limit, int* __restrict__ done_at,
                                  double* __restrict__ returns) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  EnvState& s = states[e];
  double buf_a[2] = {s.th, s.x}, buf_b[2] = {s.th, s.x};
  double* prev = buf_a;
  double* cur = buf_b;
  double ret = 0.0, discount = 1.0;
  int t_end = horizon;
  for (int t = 0; t < horizon; ++t) {
    const double th_rate = (cur[0] - prev[0]) / dt, x_rate = (cur[1] - prev[1]) / dt;
    const double obs_thd = t == 0 ? s.thd : 0.5 * (th_rate + s.thd);
    const double obs_xd = t == 0 ? s.xd : x_rate;
    const double raw = gains[0] * s.x + gains[1] * obs_xd + gains[2] * s.th + gains[3] * obs_thd;
    const double u = 8.0 * tanh(raw / 8.0);
    const double st = sin(s.th), ct = cos(s.th);
    const double thacc = (9.81 * st - ct * u) / (1.0 - 0.3 * ct * ct);
    const double xacc = u - 0.3 * thacc * ct;
    s.thd += dt * thacc;
    s.xd += dt * xacc;
    s.th += dt * s.thd;
    s.x += dt * s.xd;
    double* tmp = prev;
    prev = cur;
    cur = tmp;
    cur[0] = s.th;
    cur[1] = s.x;
    ret += discount * (ct - 0.1 * s.x * s.x - 0.001 * u * u);
    discount *= 0.99;
    if (fabs(s.th) > th_limit) {
      t_end = t;
      break;
    }
  }
  done_at[e] = t_end;
  returns[e] = ret + 0.5 * discount;
}
