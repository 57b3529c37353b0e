// Seed 004: the original and derived host code around cudaMalloc, cudaMemcpy and cudaFree
// (each column of the figures becomes one function; clad_mock.cuh provides the pullback).
#include <cstdlib>
#include "clad_mock.cuh"

__global__ void kernel_call(double *out, double *in) { out[threadIdx.x] = 2.0 * in[threadIdx.x]; }
__global__ void kernel_call_pullback(double *out, double *in, double *_d_out, double *_d_in) {
  _d_in[threadIdx.x] += 2.0 * _d_out[threadIdx.x];
  _d_out[threadIdx.x] = 0.0;
}

void original(double *out, double *a, double *in) {
  double *in_dev = nullptr;
  cudaMalloc(&in_dev, 10 * sizeof(double));
  kernel_call<<<1, 10>>>(out, in_dev);
  double *out_host = (double *)malloc(10 * sizeof(double));
  cudaMemcpy(out_host, out, 10 * sizeof(double), cudaMemcpyDeviceToHost);
  free(out_host);
  cudaFree(a);
  cudaFree(in);
}

void derived(double *out, double *a, double *in, double *_d_out, double *_d_in) {
  double *in_dev = nullptr;
  double *_d_in_dev = nullptr;
  cudaMalloc(&_d_in_dev, 10 * sizeof(double));
  cudaMemset(_d_in_dev, 0, 10 * sizeof(double));
  cudaMalloc(&in_dev, 10 * sizeof(double));
  double *out_host = (double *)malloc(10 * sizeof(double));
  double *_d_out_host = (double *)calloc(10, sizeof(double));
  kernel_call<<<1, 10>>>(out, in_dev);
  cudaMemcpy(out_host, out, 10 * sizeof(double), cudaMemcpyDeviceToHost);
  {
    unsigned long _r2 = 0UL;
    cudaMemcpyKind _r3 = static_cast<cudaMemcpyKind>(0U);
    clad::custom_derivatives::cudaMemcpy_pullback(out_host, out, 10 * sizeof(double), cudaMemcpyDeviceToHost, _d_out_host, _d_out, &_r2, &_r3);
  } // _d_out_host data transferred to _d_out
  kernel_call_pullback<<<1, 10>>>(out, in_dev, _d_out, _d_in_dev);
  free(out_host);
  free(_d_out_host);
  cudaFree(a);
  cudaFree(_d_in_dev);
  cudaFree(in);
}
