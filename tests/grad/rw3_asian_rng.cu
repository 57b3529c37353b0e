// cuad: --fn asian_call_mc --wrt s0,sigma,price
// Asian call by Monte Carlo with the random numbers drawn in the kernel: a per-path xorshift
// state seeded from the thread index (unsigned integer arithmetic), Box-Muller normals, log-
// Euler steps, payoff fmax(avg - K, 0), a shared-memory block sum and one double atomicAdd.
#include <cuda_runtime.h>

__device__ __forceinline__ unsigned int xorshift32(unsigned int& s) {
  s ^= s << 13;
  s ^= s >> 17;
  s ^= s << 5;
  return s;
}

__device__ __forceinline__ double uniform01(unsigned int& s) {
  return (xorshift32(s) + 1.0) / 4294967297.0;
}

__global__ void asian_call_mc(const double* s0, const double* sigma, double strike, double r,
                              double T, int n_steps, int n_paths, double* price) {
  __shared__ double partial[64];
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  double payoff = 0.0;
  if (p < n_paths) {
    unsigned int state = 2463534242u ^ (unsigned int)(p * 2654435761u);
    const double dt = T / n_steps;
    const double drift = (r - 0.5 * sigma[0] * sigma[0]) * dt;
    const double vol = sigma[0] * sqrt(dt);
    double s = s0[0], avg = 0.0;
    for (int t = 0; t < n_steps; ++t) {
      const double u1 = uniform01(state), u2 = uniform01(state);
      const double z = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
      s *= exp(drift + vol * z);
      avg += s;
    }
    payoff = fmax(avg / n_steps - strike, 0.0);
  }
  partial[threadIdx.x] = payoff;
  __syncthreads();
  for (int stride = 32; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(price, exp(-r * T) * partial[0] / n_paths);
}
