// cuad: fwd --fn radar_predict
// cuad: --fn radar_predict --wrt sensors,targets,r0,out,score
// cuad: fwd --fn predict
// Measurement model of an extended Kalman filter tracking targets with several radars: for
// every (sensor, target) pair the target is moved into the sensor frame (sincosf of the
// heading, fmaf rotations), the predicted range (hypotf), bearing (atan2f) and range rate
// (rsqrtf) are formed, and a detection score combines an erff-shaped detection probability,
// a tanhf soft field-of-view gate and a powf(range, -1.5) signal strength. The EKF needs
// H v (forward mode, along perturbations of poses and target states) and H^T w (reverse).
// Measurements are an array of structs written per pair.
#include <cuda_runtime.h>
#include <cmath>

struct Pose {
  float x, y, heading;
};
struct Target {
  float px, py, vx, vy;
};
struct Meas {
  float range, bearing, rate;
};

__host__ __device__ void to_sensor_frame(const Pose& s, const Target& t, float& dx, float& dy,
                                         float& ux, float& uy) {
  float sn, cs;
  sincosf(s.heading, &sn, &cs);
  const float rx = t.px - s.x, ry = t.py - s.y;
  dx = fmaf(cs, rx, sn * ry);
  dy = fmaf(-sn, rx, cs * ry);
  ux = fmaf(cs, t.vx, sn * t.vy);
  uy = fmaf(-sn, t.vx, cs * t.vy);
}

__host__ __device__ Meas predict(const Pose& s, const Target& t) {
  float dx, dy, ux, uy;
  to_sensor_frame(s, t, dx, dy, ux, uy);
  Meas m;
  m.range = hypotf(dx, dy);
  m.bearing = atan2f(dy, dx);
  const float inv_r = rsqrtf(dx * dx + dy * dy);
  m.rate = (dx * ux + dy * uy) * inv_r;
  return m;
}

__device__ float detection_prob(const Meas& m, float r0, float sigma) {
  return 0.5f * (1.0f - erff((m.range - r0) / (sigma * 1.41421356f)));
}

__global__ void radar_predict(const Pose* __restrict__ sensors, const Target* __restrict__ targets,
                              const float* __restrict__ r0, Meas* __restrict__ out,
                              float* __restrict__ score, int ns, int nt, float sharp) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int s = blockIdx.y;
  if (t >= nt || s >= ns) return;
  const Pose p = sensors[s];
  const Meas m = predict(p, targets[t]);
  const float pd = detection_prob(m, r0[s], 0.25f * r0[s]);
  const float gate = 0.5f * (1.0f + tanhf(sharp * (cosf(m.bearing) - 0.3f)));
  const float strength = powf(m.range, -1.5f);
  out[s * nt + t] = m;
  score[s * nt + t] = pd * gate * strength;
}
