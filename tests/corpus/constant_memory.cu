// __constant__ coefficients for a 1-D FIR filter and a polynomial, uploaded with
// cudaMemcpyToSymbol, plus a __device__ global read by every thread.
#include <cuda_runtime.h>

#define FILTER_TAPS 9
#define POLY_DEGREE 5

__constant__ float c_taps[FILTER_TAPS];
__constant__ double c_poly[POLY_DEGREE + 1];
__device__ float d_gain = 1.0f;

__global__ void fir_filter(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.0f;
#pragma unroll
  for (int t = 0; t < FILTER_TAPS; ++t) {
    int j = i + t - FILTER_TAPS / 2;
    if (j >= 0 && j < n)
      acc += c_taps[t] * in[j];
  }
  out[i] = d_gain * acc;
}

__global__ void horner(const double *x, double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double v = x[i];
    double r = c_poly[POLY_DEGREE];
    for (int k = POLY_DEGREE - 1; k >= 0; --k)
      r = r * v + c_poly[k];
    y[i] = r;
  }
}

void upload_coefficients(const float *taps, const double *poly, float gain) {
  cudaMemcpyToSymbol(c_taps, taps, FILTER_TAPS * sizeof(float));
  cudaMemcpyToSymbol(c_poly, poly, sizeof(c_poly));
  cudaMemcpyToSymbol(d_gain, &gain, sizeof(float), 0, cudaMemcpyHostToDevice);
}
