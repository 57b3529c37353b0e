// cuad: --fn kalman_track --wrt model,x0,zs,xhat
// A bank of independent constant-velocity Kalman filters (one per tracked object), the
// noise model tuned by gradient descent through the filter: the caller owns a `NoiseModel`
// struct of device buffers (per-object process and measurement variances) plus the time
// step, and passes it by const reference. The filter state (mean position/velocity and the
// 2x2 covariance) lives in a local struct built by aggregate initialization, stepped by a
// `predict`/`update` helper pair; the measurements of each frame are uploaded into a
// scratch field before the update kernel reads them.
#include <cuda_runtime.h>

struct NoiseModel {
  double* q;   // process noise (acceleration variance), per object
  double* r;   // measurement variance, per object
  double dt;
  int n;
};

struct FilterState {
  double* pos;
  double* vel;
  double* P;   // P00, P01, P11 per object
  double* z;   // this frame's measurements
  int n;
};

__global__ void kf_predict(double* pos, double* vel, double* P, const double* q, double dt,
                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  pos[i] += dt * vel[i];
  const double p00 = P[3 * i], p01 = P[3 * i + 1], p11 = P[3 * i + 2];
  const double dt2 = dt * dt;
  // P = F P F^T + Q with F = [[1, dt], [0, 1]], Q from a white-noise acceleration model.
  P[3 * i] = p00 + 2.0 * dt * p01 + dt2 * p11 + 0.25 * dt2 * dt2 * q[i];
  P[3 * i + 1] = p01 + dt * p11 + 0.5 * dt2 * dt * q[i];
  P[3 * i + 2] = p11 + dt2 * q[i];
}

__global__ void kf_update(double* pos, double* vel, double* P, const double* z,
                          const double* r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double p00 = P[3 * i], p01 = P[3 * i + 1], p11 = P[3 * i + 2];
  const double S = p00 + r[i];
  const double k0 = p00 / S, k1 = p01 / S;
  const double innov = z[i] - pos[i];
  pos[i] += k0 * innov;
  vel[i] += k1 * innov;
  P[3 * i] = (1.0 - k0) * p00;
  P[3 * i + 1] = (1.0 - k0) * p01;
  P[3 * i + 2] = p11 - k1 * p01;
}

static void predict(FilterState& st, const NoiseModel& m) {
  kf_predict<<<(st.n + 63) / 64, 64>>>(st.pos, st.vel, st.P, m.q, m.dt, st.n);
}

static void update(FilterState& st, const NoiseModel& m, const double* h_z) {
  cudaMemcpy(st.z, h_z, st.n * sizeof(double), cudaMemcpyHostToDevice);
  kf_update<<<(st.n + 63) / 64, 64>>>(st.pos, st.vel, st.P, st.z, m.r, st.n);
}

__global__ void init_state(const double* x0, double* pos, double* vel, double* P, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    pos[i] = x0[2 * i];
    vel[i] = x0[2 * i + 1];
    P[3 * i] = 1.0;
    P[3 * i + 1] = 0.0;
    P[3 * i + 2] = 1.0;
  }
}

// x0: initial (position, velocity) per object; zs: frames x n measurements; xhat: the final
// (position, velocity) estimates.
void kalman_track(const NoiseModel& model, const double* x0, const double* zs, double* xhat,
                  int frames) {
  const int n = model.n;
  double *d_x0, *d_pos, *d_vel, *d_P, *d_z;
  cudaMalloc(&d_x0, 2 * n * sizeof(double));
  cudaMalloc(&d_pos, n * sizeof(double));
  cudaMalloc(&d_vel, n * sizeof(double));
  cudaMalloc(&d_P, 3 * n * sizeof(double));
  cudaMalloc(&d_z, n * sizeof(double));
  cudaMemcpy(d_x0, x0, 2 * n * sizeof(double), cudaMemcpyHostToDevice);
  FilterState st{d_pos, d_vel, d_P, d_z, n};
  init_state<<<(n + 63) / 64, 64>>>(d_x0, st.pos, st.vel, st.P, n);
  for (int f = 0; f < frames; ++f) {
    predict(st, model);
    update(st, model, zs + f * n);
  }
  cudaMemcpy(xhat, st.pos, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(xhat + n, st.vel, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x0);
  cudaFree(d_pos);
  cudaFree(d_vel);
  cudaFree(d_P);
  cudaFree(d_z);
}
