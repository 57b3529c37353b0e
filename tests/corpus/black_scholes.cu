// European call and put prices (Black-Scholes) with the Abramowitz-Stegun polynomial
// approximation of the cumulative normal distribution.
#include <cuda_runtime.h>

#define A1 0.31938153f
#define A2 -0.356563782f
#define A3 1.781477937f
#define A4 -1.821255978f
#define A5 1.330274429f
#define RSQRT2PI 0.39894228040143267793994605993438f

__device__ inline float cnd_poly(float d) {
  float K = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float cnd = RSQRT2PI * expf(-0.5f * d * d) *
              (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0)
    cnd = 1.0f - cnd;
  return cnd;
}

__device__ inline void black_scholes_body(float &call, float &put, float S, float X, float T,
                                          float R, float V) {
  float sqrtT = sqrtf(T);
  float d1 = (logf(S / X) + (R + 0.5f * V * V) * T) / (V * sqrtT);
  float d2 = d1 - V * sqrtT;
  float cndD1 = cnd_poly(d1);
  float cndD2 = cnd_poly(d2);
  float expRT = expf(-R * T);
  call = S * cndD1 - X * expRT * cndD2;
  put = X * expRT * (1.0f - cndD2) - S * (1.0f - cndD1);
}

__global__ void black_scholes_gpu(float *__restrict__ d_call, float *__restrict__ d_put,
                                  const float *__restrict__ d_S, const float *__restrict__ d_X,
                                  const float *__restrict__ d_T, float R, float V, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float c, p;
    black_scholes_body(c, p, d_S[i], d_X[i], d_T[i], R, V);
    d_call[i] = c;
    d_put[i] = p;
  }
}

void price_options(float *call, float *put, const float *S, const float *X, const float *T,
                   float R, float V, int n) {
  float *d_buf = nullptr;
  size_t bytes = n * sizeof(float);
  cudaMalloc((void **)&d_buf, 5 * bytes);
  float *d_call = d_buf, *d_put = d_buf + n, *d_S = d_buf + 2 * n, *d_X = d_buf + 3 * n,
        *d_T = d_buf + 4 * n;
  cudaMemcpy(d_S, S, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_X, X, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_T, T, bytes, cudaMemcpyHostToDevice);
  black_scholes_gpu<<<480, 128>>>(d_call, d_put, d_S, d_X, d_T, R, V, n);
  cudaDeviceSynchronize();
  cudaMemcpy(call, d_call, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(put, d_put, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_buf);
}
