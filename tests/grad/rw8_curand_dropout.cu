// cuad: --fn noisy_dropout_layer --wrt x,w,bias,y,sigma
// cuad: fwd --fn noisy_dropout_layer --wrt x,w,bias,y,sigma
// Written for cuad in the style of a training-time regularisation layer: a Philox state per
// row (curand_init with the row as subsequence), dropout through a `__device__` helper taking
// the state by pointer (its pullback re-runs the draw: it must get the state as it was), a
// multiplicative Gaussian noise helper taking the state by reference and drawing inline in its
// return expression (value and derivative must read one draw), a train/eval flag choosing the
// dropout helper in a `?:` (the draw happens only on the training path), and the state
// written back.
#include <curand_kernel.h>

__global__ void init_rows(curandStatePhilox4_32_10_t* states, unsigned long long seed, int rows) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) curand_init(seed, r, 0, &states[r]);
}

__device__ __forceinline__ float dropout(float v, float p, curandStatePhilox4_32_10_t* s) {
  const float u = curand_uniform(s);
  return u < p ? 0.0f : v / (1.0f - p);
}

__device__ float gaussian_noise(float v, float sigma, curandStatePhilox4_32_10_t& s) {
  return v * (1.0f + sigma * curand_normal(&s));
}

// One thread per row: y[r, j] = noise(dropout(tanh(sum_k w[j, k] x[r, k] + bias[j])))
__global__ void noisy_dropout_layer(curandStatePhilox4_32_10_t* states, const float* x,
                                   const float* w, const float* bias, float* y, float p,
                                   float sigma, int rows, int in, int out, int training) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  curandStatePhilox4_32_10_t local = states[r];
  for (int j = 0; j < out; ++j) {
    float acc = bias[j];
    for (int k = 0; k < in; ++k) acc += w[j * in + k] * x[r * in + k];
    const float h = training ? dropout(tanhf(acc), p, &local) : tanhf(acc);
    y[r * out + j] = gaussian_noise(h, sigma, local);
  }
  states[r] = local;
}
