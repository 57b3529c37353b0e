// cuad: --fn binomial_european --wrt s0,sigma,price
// Cox-Ross-Rubinstein binomial tree, one block per option: terminal payoffs with pow of an
// integer-valued exponent and fmax, then backward induction in shared memory (read the step's
// values, barrier, write, barrier), the result written by thread 0.
#include <cuda_runtime.h>

#define MAX_STEPS 48

__global__ void binomial_european(const double* s0, const double* sigma, const double* strike,
                                  double r, double T, int steps, double* price) {
  __shared__ double v[MAX_STEPS + 1];
  const int opt = blockIdx.x;
  const double dt = T / steps;
  const double u = exp(sigma[opt] * sqrt(dt));
  const double d = 1.0 / u;
  const double disc = exp(-r * dt);
  const double p = (exp(r * dt) - d) / (u - d);
  for (int j = threadIdx.x; j <= steps; j += blockDim.x) {
    const double st = s0[opt] * pow(u, (double)(2 * j - steps));
    v[j] = fmax(st - strike[opt], 0.0);
  }
  __syncthreads();
  for (int level = steps - 1; level >= 0; --level) {
    double nv = 0.0;
    if (threadIdx.x <= level) nv = disc * (p * v[threadIdx.x + 1] + (1.0 - p) * v[threadIdx.x]);
    __syncthreads();
    if (threadIdx.x <= level) v[threadIdx.x] = nv;
    __syncthreads();
  }
  if (threadIdx.x == 0) price[opt] = v[0];
}
