// cuad: --fn evaluate_gait --wrt phase_offsets,amplitudes,foot_out
// Gait evaluation for a batch of quadruped controllers, host side written with a small RAII
// device-buffer class (constructor allocates, destructor frees, upload/download members),
// as modern CUDA C++ code does. A central-pattern-generator kernel produces the four hip
// angles per time step from per-environment phase offsets and amplitudes (sinusoids with a
// smooth saturation), a foot kernel turns them into foot heights of a planar leg model, and
// a reduction kernel scores ground clearance and foot-height smoothness; the host sums the
// scores and returns their mean, and copies the final foot heights out.
#include <cuda_runtime.h>
#include <vector>

class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t count) : n_(count) { cudaMalloc(&ptr_, n_ * sizeof(double)); }
  ~DeviceBuffer() { cudaFree(ptr_); }
  double* data() { return ptr_; }
  void upload(const double* host) { cudaMemcpy(ptr_, host, n_ * sizeof(double), cudaMemcpyHostToDevice); }
  void download(double* host) const { cudaMemcpy(host, ptr_, n_ * sizeof(double), cudaMemcpyDeviceToHost); }

 private:
  double* ptr_;
  size_t n_;
};

__global__ void cpg_kernel(int n_env, int steps, double omega, double dt, const double* __restrict__ phase_offsets,
                           const double* __restrict__ amplitudes, double* __restrict__ hip) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  for (int t = 0; t < steps; ++t)
    for (int leg = 0; leg < 4; ++leg) {
      const double s = sin(omega * t * dt + phase_offsets[4 * e + leg]);
      hip[(e * steps + t) * 4 + leg] = amplitudes[e] * tanh(1.5 * s);
    }
}

__global__ void foot_kernel(int n, const double* __restrict__ hip, double thigh, double shin, double* __restrict__ foot) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  const double a = hip[k];
  foot[k] = -thigh * cos(a) - shin * cos(0.6 * a);
}

__global__ void score_kernel(int n_env, int steps, const double* __restrict__ foot, double* __restrict__ score) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  double s = 0.0;
  for (int t = 1; t < steps; ++t)
    for (int leg = 0; leg < 4; ++leg) {
      const double h = foot[(e * steps + t) * 4 + leg], hp = foot[(e * steps + t - 1) * 4 + leg];
      s += (h + 0.45) * (h + 0.45) + 10.0 * (h - hp) * (h - hp);
    }
  score[e] = s / steps;
}

double evaluate_gait(const double* phase_offsets, const double* amplitudes, int n_env, int steps, double* foot_out) {
  const double omega = 6.0, dt = 0.02;
  const int n = n_env * steps * 4;
  DeviceBuffer d_phase(4 * n_env), d_amp(n_env), d_hip(n), d_foot(n), d_score(n_env);
  d_phase.upload(phase_offsets);
  d_amp.upload(amplitudes);
  cpg_kernel<<<(n_env + 31) / 32, 32>>>(n_env, steps, omega, dt, d_phase.data(), d_amp.data(), d_hip.data());
  foot_kernel<<<(n + 127) / 128, 128>>>(n, d_hip.data(), 0.2, 0.2, d_foot.data());
  score_kernel<<<(n_env + 31) / 32, 32>>>(n_env, steps, d_foot.data(), d_score.data());
  std::vector<double> score(n_env);
  d_score.download(score.data());
  d_foot.download(foot_out);
  double total = 0.0;
  for (int e = 0; e < n_env; ++e) total += score[e];
  return total / n_env;
}
