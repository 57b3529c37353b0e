// cuad: --fn horizon_cost<float,16> --wrt x0,u,W
// cuad: --fn mppi_costs<float,16> --wrt x0,u_nominal,noise,W,costs
// cuad: --fn mppi_update --wrt costs,noise,u_nominal,u_new
// Model-predictive path integral (MPPI) control of a batch of point-mass robots, single
// precision: a cost-weights struct template, a templated horizon cost (on the scalar type and
// the horizon) that rolls out a damped double integrator under tanh-squashed controls and
// sums a stage cost given by a lambda capturing the weights; one thread per sampled control
// sequence (nominal + noise, copied into a local array). The update kernel runs in one block:
// a shared-memory min reduction of the costs (for a stable softmin), a sum reduction of the
// weights exp(-(c - c_min) / lambda), then one thread per control entry averages the noise.
#include <cuda_runtime.h>

template <typename Real>
struct CostWeights {
  Real q_pos, q_vel, r_u, terminal;
  Real goal[2];
};

template <typename Real, int H>
__device__ Real horizon_cost(const Real x0[4], const Real* u, const CostWeights<Real>& W, Real dt) {
  Real x[4];
  for (int k = 0; k < 4; ++k) x[k] = x0[k];
  auto stage = [&](const Real* s, Real ux, Real uy) -> Real {
    const Real ex = s[0] - W.goal[0], ey = s[1] - W.goal[1];
    return W.q_pos * (ex * ex + ey * ey) + W.q_vel * (s[2] * s[2] + s[3] * s[3]) + W.r_u * (ux * ux + uy * uy);
  };
  Real total = Real(0);
  for (int t = 0; t < H; ++t) {
    const Real ux = tanh(u[2 * t]), uy = tanh(u[2 * t + 1]);
    total += dt * stage(x, ux, uy);
    x[2] += dt * (ux - Real(0.1) * x[2]);
    x[3] += dt * (uy - Real(0.1) * x[3]);
    x[0] += dt * x[2];
    x[1] += dt * x[3];
  }
  return total + W.terminal * stage(x, Real(0), Real(0));
}

template <typename Real, int H>
__global__ void mppi_costs(int n_samples, const Real* __restrict__ x0, const Real* __restrict__ u_nominal,
                           const Real* __restrict__ noise, CostWeights<Real> W, Real dt, Real* __restrict__ costs) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n_samples) return;
  Real u[2 * H];
  for (int j = 0; j < 2 * H; ++j) u[j] = u_nominal[j] + noise[k * 2 * H + j];
  costs[k] = horizon_cost<Real, H>(x0, u, W, dt);
}

#define MAX_SAMPLES 64

__global__ void mppi_update(int n_samples, int n_ctrl, float lambda, const float* __restrict__ costs,
                            const float* __restrict__ noise, const float* __restrict__ u_nominal,
                            float* __restrict__ u_new) {
  __shared__ float s_min[MAX_SAMPLES], s_w[MAX_SAMPLES], s_sum[MAX_SAMPLES];
  const int tid = threadIdx.x;
  s_min[tid] = tid < n_samples ? costs[tid] : 1e30f;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s_min[tid] = fminf(s_min[tid], s_min[tid + stride]);
    __syncthreads();
  }
  const float c_min = s_min[0];
  s_w[tid] = tid < n_samples ? expf(-(costs[tid] - c_min) / lambda) : 0.0f;
  s_sum[tid] = s_w[tid];
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s_sum[tid] += s_sum[tid + stride];
    __syncthreads();
  }
  const float norm = s_sum[0];
  for (int j = tid; j < n_ctrl; j += blockDim.x) {
    float acc = 0.0f;
    for (int k = 0; k < n_samples; ++k) acc += s_w[k] * noise[k * n_ctrl + j];
    u_new[j] = u_nominal[j] + acc / norm;
  }
}
