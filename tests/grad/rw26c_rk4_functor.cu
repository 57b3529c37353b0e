// cuad: --fn quadrotor_rollout<6> --wrt x0,motor_cmd,mass_inertia,x_final,track_cost
// cuad: fwd --fn quadrotor_rollout<6> --wrt x0,motor_cmd,mass_inertia,x_final,track_cost
// A generic explicit Runge-Kutta integrator used for batched planar-quadrotor rollouts, one
// thread per environment: the state is a class template Vec<N> with friend operators that
// take the left operand by value and update it in place; the integrator is a function
// template taking the dynamics as a functor (a lambda capturing the model and the current
// motor command), with the Butcher tableau of classic RK4 in a local 2-D array, the stages in
// a local array Vec<N> k[4], and each stage's input built by a loop over the earlier stages.
// The cost tracks a reference height and penalizes tilt along the way.
#include <cuda_runtime.h>

template <int N>
struct Vec {
  double v[N];
  friend __device__ Vec operator+(Vec a, const Vec& b) {
    for (int i = 0; i < N; ++i) a.v[i] += b.v[i];
    return a;
  }
  friend __device__ Vec operator*(double s, Vec a) {
    for (int i = 0; i < N; ++i) a.v[i] *= s;
    return a;
  }
};

template <int N, class F>
__device__ Vec<N> rk4_step(const Vec<N>& x, double dt, F dynamics) {
  const double A[4][4] = {{0, 0, 0, 0}, {0.5, 0, 0, 0}, {0, 0.5, 0, 0}, {0, 0, 1, 0}};
  const double B[4] = {1.0 / 6.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 6.0};
  Vec<N> k[4];
  for (int s = 0; s < 4; ++s) {
    Vec<N> xs = x;
    for (int j = 0; j < s; ++j) xs = xs + (dt * A[s][j]) * k[j];
    k[s] = dynamics(xs);
  }
  Vec<N> out = x;
  for (int s = 0; s < 4; ++s) out = out + (dt * B[s]) * k[s];
  return out;
}

struct QuadModel {
  double mass, inertia, arm, drag;
};

// state: x, z, theta, xd, zd, thetad
__device__ Vec<6> planar_quad(const Vec<6>& s, const QuadModel& m, double f_left, double f_right) {
  const double thrust = f_left + f_right, torque = m.arm * (f_right - f_left);
  Vec<6> d;
  d.v[0] = s.v[3];
  d.v[1] = s.v[4];
  d.v[2] = s.v[5];
  d.v[3] = (-thrust * sin(s.v[2]) - m.drag * s.v[3]) / m.mass;
  d.v[4] = (thrust * cos(s.v[2]) - m.drag * s.v[4]) / m.mass - 9.81;
  d.v[5] = torque / m.inertia;
  return d;
}

template <int N>
__global__ void quadrotor_rollout(int n_env, int horizon, double dt, const double* __restrict__ x0,
                                  const double* __restrict__ motor_cmd, const double* __restrict__ mass_inertia,
                                  double z_ref, double* __restrict__ x_final, double* __restrict__ track_cost) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  const QuadModel model{mass_inertia[0], mass_inertia[1], mass_inertia[2], mass_inertia[3]};
  Vec<N> x;
  for (int i = 0; i < N; ++i) x.v[i] = x0[e * N + i];
  double cost = 0.0;
  for (int t = 0; t < horizon; ++t) {
    const double fl = motor_cmd[2 * (e * horizon + t)], fr = motor_cmd[2 * (e * horizon + t) + 1];
    x = rk4_step<N>(x, dt, [&](const Vec<N>& s) { return planar_quad(s, model, fl, fr); });
    const double ez = x.v[1] - z_ref;
    cost += dt * (ez * ez + 0.1 * x.v[2] * x.v[2]);
  }
  for (int i = 0; i < N; ++i) x_final[e * N + i] = x.v[i];
  track_cost[e] = cost;
}
