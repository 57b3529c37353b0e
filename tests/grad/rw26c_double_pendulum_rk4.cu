// cuad: --fn pendulum_rk4<2> --wrt params,states,torques,energy
// cuad: fwd --fn pendulum_rk4<2> --wrt params,states,torques,energy
// Batched simulation of torque-driven double pendulums with classic RK4, one thread per
// environment. The state is a class template State<N> (fixed arrays q[N], qd[N]) with + and
// scalar * operators; the four stages live in a local array `State<N> k[4]`, and the state is
// overwritten every step (the step count is per environment). Each environment has its own
// physical parameters (masses, lengths, damping) in a struct with array members, and its own
// torque sequence, held piecewise constant over a step. The final state overwrites the input
// state in place; the total mechanical energy is a second output.
#include <cuda_runtime.h>

template <int N>
struct State {
  double q[N];
  double qd[N];
  __device__ State operator+(const State& o) const {
    State r;
    for (int i = 0; i < N; ++i) {
      r.q[i] = q[i] + o.q[i];
      r.qd[i] = qd[i] + o.qd[i];
    }
    return r;
  }
  __device__ State operator*(double s) const {
    State r;
    for (int i = 0; i < N; ++i) {
      r.q[i] = q[i] * s;
      r.qd[i] = qd[i] * s;
    }
    return r;
  }
};

struct PendulumParams {
  double m[2];
  double l[2];
  double damping;
};

#define GRAV 9.81

// Time derivative of the state: (qd, M^{-1} (tau - C - G - D qd)).
__device__ State<2> deriv(const State<2>& s, const PendulumParams& p, const double tau[2]) {
  const double m1 = p.m[0], m2 = p.m[1], l1 = p.l[0], l2 = p.l[1];
  const double d = s.q[0] - s.q[1];
  const double cd = cos(d), sd = sin(d);
  const double M11 = (m1 + m2) * l1 * l1, M12 = m2 * l1 * l2 * cd, M22 = m2 * l2 * l2;
  const double r1 = tau[0] - m2 * l1 * l2 * sd * s.qd[1] * s.qd[1] - (m1 + m2) * GRAV * l1 * sin(s.q[0]) -
                    p.damping * s.qd[0];
  const double r2 = tau[1] + m2 * l1 * l2 * sd * s.qd[0] * s.qd[0] - m2 * GRAV * l2 * sin(s.q[1]) -
                    p.damping * s.qd[1];
  const double det = M11 * M22 - M12 * M12;
  State<2> out;
  out.q[0] = s.qd[0];
  out.q[1] = s.qd[1];
  out.qd[0] = (M22 * r1 - M12 * r2) / det;
  out.qd[1] = (M11 * r2 - M12 * r1) / det;
  return out;
}

__device__ double energy_of(const State<2>& s, const PendulumParams& p) {
  const double m1 = p.m[0], m2 = p.m[1], l1 = p.l[0], l2 = p.l[1];
  const double kin = 0.5 * (m1 + m2) * l1 * l1 * s.qd[0] * s.qd[0] + 0.5 * m2 * l2 * l2 * s.qd[1] * s.qd[1] +
                     m2 * l1 * l2 * s.qd[0] * s.qd[1] * cos(s.q[0] - s.q[1]);
  const double pot = -(m1 + m2) * GRAV * l1 * cos(s.q[0]) - m2 * GRAV * l2 * cos(s.q[1]);
  return kin + pot;
}

template <int N>
__global__ void pendulum_rk4(int n_env, const int* __restrict__ n_steps, double dt,
                             const PendulumParams* __restrict__ params, State<N>* states,
                             const double* __restrict__ torques, int max_steps, double* __restrict__ energy) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  const PendulumParams p = params[e];
  State<N> s = states[e];
  const int steps = n_steps[e];
  for (int t = 0; t < steps; ++t) {
    const double* tau = torques + (e * max_steps + t) * N;
    State<N> k[4];
    k[0] = deriv(s, p, tau);
    k[1] = deriv(s + k[0] * (0.5 * dt), p, tau);
    k[2] = deriv(s + k[1] * (0.5 * dt), p, tau);
    k[3] = deriv(s + k[2] * dt, p, tau);
    s = s + (k[0] + k[1] * 2.0 + k[2] * 2.0 + k[3]) * (dt / 6.0);
  }
  states[e] = s;
  energy[e] = energy_of(s, p);
}
