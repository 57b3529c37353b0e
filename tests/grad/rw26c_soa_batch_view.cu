// cuad: --fn step_batch --wrt batch
// cuad: fwd --fn step_batch --wrt batch
// A structure-of-arrays view of a batch of differential-drive robots, passed to the step
// kernel by value (as Isaac-Gym-style tensor wrappers do): pointer fields for the pose and
// velocity arrays (updated in place), the wheel commands, the per-robot wheel radius, plus
// real fields for the time step and the track width. The kernel integrates unicycle
// kinematics with first-order motor lag for `substeps` substeps (midpoint rule for the
// heading) and accumulates a lateral-slip penalty into a cost array.
#include <cuda_runtime.h>

struct DiffDriveBatch {
  double* x;
  double* y;
  double* heading;
  double* v_left;   // wheel surface speeds (state, lag toward the command)
  double* v_right;
  const double* cmd;       // [n][2] wheel speed commands
  const double* radius;    // per-robot wheel radius scale
  double* cost;
  double dt;
  double track;
  int n;
};

__global__ void step_batch(DiffDriveBatch batch, int substeps, double tau_motor) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= batch.n) return;
  const double h = batch.dt / substeps;
  for (int s = 0; s < substeps; ++s) {
    const double a = h / tau_motor;
    batch.v_left[i] += a * (batch.radius[i] * batch.cmd[2 * i] - batch.v_left[i]);
    batch.v_right[i] += a * (batch.radius[i] * batch.cmd[2 * i + 1] - batch.v_right[i]);
    const double v = 0.5 * (batch.v_left[i] + batch.v_right[i]);
    const double w = (batch.v_right[i] - batch.v_left[i]) / batch.track;
    const double mid = batch.heading[i] + 0.5 * h * w;
    batch.x[i] += h * v * cos(mid);
    batch.y[i] += h * v * sin(mid);
    batch.heading[i] += h * w;
    batch.cost[i] += h * (w * v) * (w * v);
  }
}
