// cuad: --fn attitude_control_rollout --wrt inertia,gains,quat,omega,cost
// cuad: fwd --fn attitude_control_rollout --wrt inertia,gains,quat,omega,cost
// Attitude control of a batch of rigid bodies (drones / satellites), one thread per body,
// written the naive way: the state lives in global memory and every time step reads and
// rewrites it in place (quaternion, body rates) and adds the running cost into cost[e].
// A Quat struct with mutating members (operator*=, normalize(), and an integrate() that
// applies the exponential map of the body rate, with a small-angle Taylor branch), a PD
// controller on the attitude error's vector part (sign-corrected for the short way), the
// Euler equations with a diagonal inertia for the body rates (semi-implicit: rates first,
// then attitude with the new rates).
#include <cuda_runtime.h>

struct Quat {
  double w, x, y, z;
  __device__ Quat& operator*=(const Quat& b) {
    const double nw = w * b.w - x * b.x - y * b.y - z * b.z;
    const double nx = w * b.x + x * b.w + y * b.z - z * b.y;
    const double ny = w * b.y - x * b.z + y * b.w + z * b.x;
    const double nz = w * b.z + x * b.y - y * b.x + z * b.w;
    w = nw;
    x = nx;
    y = ny;
    z = nz;
    return *this;
  }
  __device__ void normalize() {
    const double inv = rsqrt(w * w + x * x + y * y + z * z);
    w *= inv;
    x *= inv;
    y *= inv;
    z *= inv;
  }
  __device__ Quat conj() const { return Quat{w, -x, -y, -z}; }
  // q <- q * exp(0.5 * omega * dt), omega in the body frame
  __device__ void integrate(const double om[3], double dt) {
    const double ang = sqrt(om[0] * om[0] + om[1] * om[1] + om[2] * om[2]) * dt;
    double c, s_over;
    if (ang < 1e-3) {
      c = 1.0 - ang * ang / 8.0;
      s_over = 0.5 * dt * (1.0 - ang * ang / 24.0);
    } else {
      c = cos(0.5 * ang);
      s_over = sin(0.5 * ang) / ang * dt;
    }
    *this *= Quat{c, om[0] * s_over, om[1] * s_over, om[2] * s_over};
    normalize();
  }
};

__global__ void attitude_control_rollout(int n_body, int n_steps, double dt, const double* __restrict__ inertia,
                                         const double* __restrict__ gains, const double* __restrict__ q_goal,
                                         double* quat, double* omega, double* cost) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_body) return;
  const double I[3] = {inertia[3 * e], inertia[3 * e + 1], inertia[3 * e + 2]};
  const double kp = gains[0], kd = gains[1];
  const Quat goal{q_goal[4 * e], q_goal[4 * e + 1], q_goal[4 * e + 2], q_goal[4 * e + 3]};
  for (int t = 0; t < n_steps; ++t) {
    Quat q{quat[4 * e], quat[4 * e + 1], quat[4 * e + 2], quat[4 * e + 3]};
    Quat err = goal.conj();
    err *= q;
    const double sgn = err.w >= 0.0 ? 1.0 : -1.0;
    double tau[3];
    tau[0] = -kp * sgn * err.x - kd * omega[3 * e];
    tau[1] = -kp * sgn * err.y - kd * omega[3 * e + 1];
    tau[2] = -kp * sgn * err.z - kd * omega[3 * e + 2];
    const double wx = omega[3 * e], wy = omega[3 * e + 1], wz = omega[3 * e + 2];
    omega[3 * e] += dt * (tau[0] - (I[2] - I[1]) * wy * wz) / I[0];
    omega[3 * e + 1] += dt * (tau[1] - (I[0] - I[2]) * wz * wx) / I[1];
    omega[3 * e + 2] += dt * (tau[2] - (I[1] - I[0]) * wx * wy) / I[2];
    q.integrate(omega + 3 * e, dt);
    quat[4 * e] = q.w;
    quat[4 * e + 1] = q.x;
    quat[4 * e + 2] = q.y;
    quat[4 * e + 3] = q.z;
    cost[e] += dt * (1.0 - err.w * err.w + 0.01 * (tau[0] * tau[0] + tau[1] * tau[1] + tau[2] * tau[2]));
  }
}
