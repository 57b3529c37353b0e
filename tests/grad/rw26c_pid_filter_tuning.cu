// cuad: --fn pid_tuning_rollout<3> --wrt gains,filter_alpha,targets,tracking_cost
// cuad: fwd --fn pid_tuning_rollout<3> --wrt gains,filter_alpha,targets,tracking_cost
// Gain tuning of joint PID controllers by differentiating through closed-loop rollouts, one
// thread per environment (a 3-joint arm with decoupled joints, each a motor with inertia,
// viscous and cubic friction). Each joint's controller is a stateful object: a first-order
// low-pass filter functor on the measured position (operator() updates its state) and a PID
// struct whose update() member integrates the error and keeps the previous error for the
// derivative term; both live in fixed-size arrays of structs and are mutated every step.
// The tracking cost sums squared errors and control effort over the horizon.
#include <cuda_runtime.h>

struct LowPass {
  double alpha, y;
  __device__ double operator()(double x) {
    y += alpha * (x - y);
    return y;
  }
};

struct PID {
  double kp, ki, kd, integ, prev_err;
  __device__ double update(double err, double dt) {
    integ += err * dt;
    const double der = (err - prev_err) / dt;
    prev_err = err;
    return kp * err + ki * integ + kd * der;
  }
};

template <int NJ>
__global__ void pid_tuning_rollout(int n_env, int horizon, double dt, const double* __restrict__ gains,
                                   const double* __restrict__ filter_alpha, const double* __restrict__ inertia,
                                   const double* __restrict__ targets, double* __restrict__ tracking_cost) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  LowPass filt[NJ];
  PID pid[NJ];
  double q[NJ], qd[NJ];
  for (int j = 0; j < NJ; ++j) {
    filt[j] = LowPass{filter_alpha[j], 0.0};
    pid[j] = PID{gains[3 * j], gains[3 * j + 1], gains[3 * j + 2], 0.0, targets[e * NJ + j]};
    q[j] = 0.0;
    qd[j] = 0.0;
  }
  double cost = 0.0;
  for (int t = 0; t < horizon; ++t) {
    for (int j = 0; j < NJ; ++j) {
      const double meas = filt[j](q[j]);
      const double target = targets[e * NJ + j];
      const double u = pid[j].update(target - meas, dt);
      const double acc = (u - 0.2 * qd[j] - 0.05 * qd[j] * qd[j] * qd[j]) / inertia[e * NJ + j];
      qd[j] += dt * acc;
      q[j] += dt * qd[j];
      cost += dt * ((q[j] - target) * (q[j] - target) + 1e-3 * u * u);
    }
  }
  tracking_cost[e] = cost;
}
