// cuad: --fn gumbel_softmax --wrt logits,tau,probs
// cuad: fwd --fn gumbel_softmax --wrt logits,tau,probs
// Written for cuad in the style of a Gumbel-softmax sampling layer (straight-through-free,
// temperature learned): one thread per row with its state reached as `states + row` (a
// pointer, no local copy), a perturbed-logit helper taking `curandState*` and handing it on to
// a Gumbel-noise helper (-log(-log u)), the perturbed logits kept in a local array, then a
// max-subtracted softmax written to probs. The draws advance the states in global memory.
#include <curand_kernel.h>

__global__ void seed_rows(curandState* states, unsigned long long seed, int rows) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) curand_init(seed, r, 0, &states[r]);
}

__device__ __forceinline__ float gumbel_noise(curandState* s) {
  const float u = curand_uniform(s);
  return -logf(-logf(u));
}

__device__ float perturbed_logit(float logit, float tau, curandState* s) {
  return (logit + gumbel_noise(s)) / tau;
}

#define MAX_K 8
__global__ void gumbel_softmax(curandState* states, const float* logits, const float* tau,
                               float* probs, int rows, int k) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float z[MAX_K];
  float zmax = -INFINITY;
  for (int c = 0; c < k; ++c) {
    z[c] = perturbed_logit(logits[r * k + c], tau[0], states + r);
    zmax = fmaxf(zmax, z[c]);
  }
  float sum = 0.0f;
  for (int c = 0; c < k; ++c) {
    z[c] = expf(z[c] - zmax);
    sum += z[c];
  }
  for (int c = 0; c < k; ++c) probs[r * k + c] = z[c] / sum;
}
