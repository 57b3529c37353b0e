// cuad: --fn mc_expectation --wrt theta
// A course-style Monte Carlo estimate without cuRAND: each thread seeds its own linear
// congruential generator (Numerical Recipes constants, `seed = 1664525u * seed + 1013904223u`)
// from its global index, draws pairs of uniforms in [0,1) with `__uint2float_rn`-free integer
// scaling (`(seed >> 8) * (1.0f / 16777216.0f)`), evaluates a smooth integrand
// f(x, y; theta) = exp(-theta0 * (x^2 + y^2)) * (1 + theta1 * x * y) and keeps a per-thread sum;
// a shared-memory block reduction with `blockDim.x` halving writes one partial per block, and
// the host averages the partials (CUDA_CHECK around every runtime call). theta[] is a
// host array copied to the device; its gradient is the pathwise (reparameterization-free)
// derivative of the estimate.
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(x)                                                  \
  do {                                                                 \
    cudaError_t e = (x);                                               \
    if (e != cudaSuccess) {                                            \
      printf("CUDA error: %s (%s:%d)\n", cudaGetErrorString(e), __FILE__, __LINE__); \
      exit(1);                                                         \
    }                                                                  \
  } while (0)

#define THREADS 64

__device__ inline float lcg_uniform(unsigned int& seed) {
  seed = 1664525u * seed + 1013904223u;
  return (seed >> 8) * (1.0f / 16777216.0f);
}

__global__ void mc_kernel(float* partial, const float* theta, int samplesPerThread) {
  __shared__ float ssum[THREADS];
  unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int seed = tid * 747796405u + 2891336453u;
  const float t0 = theta[0], t1 = theta[1];
  float acc = 0.0f;
  for (int s = 0; s < samplesPerThread; ++s) {
    float x = lcg_uniform(seed);
    float y = lcg_uniform(seed);
    float r2 = x * x + y * y;
    acc += __expf(-t0 * r2) * (1.0f + t1 * x * y);
  }
  ssum[threadIdx.x] = acc;
  __syncthreads();
  for (unsigned int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) ssum[threadIdx.x] += ssum[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = ssum[0];
}

float mc_expectation(const float* theta, int blocks, int samplesPerThread) {
  float *d_partial, *d_theta;
  CUDA_CHECK(cudaMalloc(&d_partial, blocks * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_theta, 2 * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_theta, theta, 2 * sizeof(float), cudaMemcpyHostToDevice));
  mc_kernel<<<blocks, THREADS>>>(d_partial, d_theta, samplesPerThread);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<float> h(blocks);
  CUDA_CHECK(cudaMemcpy(h.data(), d_partial, blocks * sizeof(float), cudaMemcpyDeviceToHost));
  double total = 0.0;
  for (int b = 0; b < blocks; ++b) total += h[b];
  CUDA_CHECK(cudaFree(d_partial));
  CUDA_CHECK(cudaFree(d_theta));
  return (float)(total / ((double)blocks * THREADS * samplesPerThread));
}
