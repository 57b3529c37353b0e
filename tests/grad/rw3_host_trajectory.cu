// cuad: --fn simulate --wrt x0,params,traj
// An ODE integrator that stores its whole trajectory on the device: a host helper function
// launches one RK2 (midpoint) step reading slice s and writing slice s+1 of one buffer through
// pointer offsets (midpoints kept per step), a part of the buffer cleared with cudaMemset, the last state
// copied device-to-device into its own buffer, and the trajectory copied back.
#include <cuda_runtime.h>

__device__ inline float rhs(float x, float a, float b, float t) { return a * sinf(x) - b * x + 0.1f * t; }

__global__ void rk2_step(const float* __restrict__ x, float* __restrict__ mid,
                         float* __restrict__ xn, const float* params, float t, float dt, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float a = params[0], b = params[1];
  const float m = x[i] + 0.5f * dt * rhs(x[i], a, b, t);
  mid[i] = m;
  xn[i] = x[i] + dt * rhs(m, a, b, t + 0.5f * dt);
}

void step_on_device(const float* d_x, float* d_mid, float* d_xn, const float* d_p, float t,
                    float dt, int n) {
  const int threads = 64;
  rk2_step<<<(n + threads - 1) / threads, threads>>>(d_x, d_mid, d_xn, d_p, t, dt, n);
}

void simulate(const float* x0, const float* params, float* traj, float dt, int n, int steps) {
  float *d_traj, *d_mid, *d_p, *d_last;
  cudaMalloc(&d_traj, (steps + 1) * n * sizeof(float));
  cudaMalloc(&d_mid, (steps + 1) * n * sizeof(float));
  cudaMalloc(&d_p, 2 * sizeof(float));
  cudaMalloc(&d_last, n * sizeof(float));
  cudaMemset(d_mid + steps * n, 0, n * sizeof(float));
  cudaMemcpy(d_traj, x0, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_p, params, 2 * sizeof(float), cudaMemcpyHostToDevice);
  for (int s = 0; s < steps; ++s)
    step_on_device(d_traj + s * n, d_mid + s * n, d_traj + (s + 1) * n, d_p, s * dt, dt, n);
  cudaMemcpy(d_last, d_traj + steps * n, n * sizeof(float), cudaMemcpyDeviceToDevice);
  cudaMemcpy(traj, d_traj, steps * n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(traj + steps * n, d_last, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_traj);
  cudaFree(d_mid);
  cudaFree(d_p);
  cudaFree(d_last);
}
