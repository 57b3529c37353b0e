// cuad: --fn sabr_mc<MilsteinScheme,SoftCall> --wrt prm,pv
// cuad: --fn sabr_mc<EulerScheme,SoftCall> --wrt prm,Z,pv
// cuad: fwd --fn sabr_mc<MilsteinScheme,SoftCall> --wrt prm,pv
// SABR Monte Carlo in single precision with the time-stepping scheme and the payoff as
// template functors, the way a small pricing library lets a quant swap discretizations: the
// forward is stepped by Euler or Milstein (the Milstein correction uses d(F^beta)/dF), the
// vol by its exact lognormal step, correlated normals built from two precomputed streams
// (layout [path][step][2]). The forward is kept positive by a floor far below the paths'
// range (never active). Payoff: a softplus-smoothed call (pathwise-friendly). Each block
// reduces its discounted payoffs in shared memory, thread 0 adds the block's sum into pv.
#include <cuda_runtime.h>

#define NSTEP 12
#define BLOCK 32

struct SabrParams {
  float f0, alpha0, beta, nu, rho;
  float T, df;
};

struct EulerScheme {
  __device__ float operator()(float f, float a, float beta, float dw, float dt) const {
    return f + a * powf(f, beta) * dw;
  }
};

struct MilsteinScheme {
  __device__ float operator()(float f, float a, float beta, float dw, float dt) const {
    const float fb = powf(f, beta);
    const float dfb = beta * fb / f;  // d(F^beta)/dF
    return f + a * fb * dw + 0.5f * a * a * fb * dfb * (dw * dw - dt);
  }
};

struct SoftCall {
  float strike, width;
  __device__ float operator()(float f) const {
    const float x = (f - strike) / width;
    return x > 15.0f ? f - strike : width * log1pf(expf(x));
  }
};

template <class Scheme, class Payoff>
__global__ void sabr_mc(SabrParams prm, const float* __restrict__ Z, int n_paths, Payoff pay,
                        float* pv) {
  __shared__ float acc[BLOCK];
  const int tid = threadIdx.x;
  const int p = blockIdx.x * blockDim.x + tid;
  float v = 0.0f;
  if (p < n_paths) {
    Scheme step;
    const float dt = prm.T / NSTEP;
    const float sdt = sqrtf(dt);
    const float rc = sqrtf(1.0f - prm.rho * prm.rho);
    float f = prm.f0, a = prm.alpha0;
    for (int k = 0; k < NSTEP; ++k) {
      const float z1 = Z[(p * NSTEP + k) * 2];
      const float z2 = prm.rho * z1 + rc * Z[(p * NSTEP + k) * 2 + 1];
      const float fn = step(f, a, prm.beta, sdt * z1, dt);
      a *= expf(prm.nu * sdt * z2 - 0.5f * prm.nu * prm.nu * dt);
      f = fmaxf(fn, 1e-4f);
    }
    v = prm.df * pay(f);
  }
  acc[tid] = v;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) acc[tid] += acc[tid + s];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(pv, acc[0] / n_paths);
}
