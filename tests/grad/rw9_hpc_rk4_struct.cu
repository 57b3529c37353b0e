// cuad: --fn pendulum_rk4 --wrt state,params,amp
// cuad: fwd --fn pendulum_rk4
// Per-thread RK4 integration of a driven, damped pendulum: a State struct passed by const
// reference and returned by value from __device__ helpers (derivative, axpy), a parameter
// struct filled from a per-thread array, time kept in the loop, sinf/cosf/__expf.
struct State {
  float theta;
  float omega;
};

struct Pend {
  float g_over_l;
  float damp;
};

__device__ State deriv(const State& s, const Pend& p, float amp, float t) {
  State d;
  d.theta = s.omega;
  d.omega = -p.g_over_l * sinf(s.theta) - p.damp * s.omega + amp * cosf(0.7f * t) * __expf(-0.1f * t);
  return d;
}

__device__ __forceinline__ State axpy(const State& x, float h, const State& k) {
  return State{x.theta + h * k.theta, x.omega + h * k.omega};
}

__global__ void pendulum_rk4(State* state, const float* params, float amp, float dt, int nsteps,
                             int n) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n) return;
  Pend p;
  p.g_over_l = params[2 * tid];
  p.damp = params[2 * tid + 1];
  State s = state[tid];
  float t = 0.0f;
  for (int k = 0; k < nsteps; ++k) {
    State k1 = deriv(s, p, amp, t);
    State k2 = deriv(axpy(s, 0.5f * dt, k1), p, amp, t + 0.5f * dt);
    State k3 = deriv(axpy(s, 0.5f * dt, k2), p, amp, t + 0.5f * dt);
    State k4 = deriv(axpy(s, dt, k3), p, amp, t + dt);
    s.theta += dt / 6.0f * (k1.theta + 2.0f * k2.theta + 2.0f * k3.theta + k4.theta);
    s.omega += dt / 6.0f * (k1.omega + 2.0f * k2.omega + 2.0f * k3.omega + k4.omega);
    t += dt;
  }
  state[tid] = s;
}
