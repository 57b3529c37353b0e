// cuad: --fn poly_features --wrt x,y
// cuad: fwd --fn poly_features --wrt x,y
// Written for cuad in the style of a signal-processing pipeline's host driver: a
// `__constant__` coefficient table filled with cudaMemcpyToSymbol, a stream with
// cudaMemcpyAsync in and out, events timing the kernel (cudaEventRecord /
// cudaEventSynchronize / cudaEventElapsedTime), cudaStreamSynchronize, and a kernel that
// loops over the batch with `blockIdx.y` and a grid-stride loop over samples with 64-bit
// indices.
#include <cstdio>

#define NCOEF 5
__constant__ float c_coef[NCOEF];

__global__ void horner_batch(const float* __restrict__ x, float* __restrict__ y, long long n,
                             int batch) {
  for (int b = blockIdx.y; b < batch; b += gridDim.y) {
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x) {
      const float t = x[b * n + i];
      float acc = c_coef[NCOEF - 1];
#pragma unroll
      for (int j = NCOEF - 2; j >= 0; --j) acc = acc * t + c_coef[j];
      y[b * n + i] = acc * (1.f + 0.1f * (float)b);
    }
  }
}

void poly_features(const float* x, float* y, const float* coef, int n, int batch) {
  cudaStream_t stream;
  cudaEvent_t start, stop;
  cudaStreamCreate(&stream);
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaMemcpyToSymbol(c_coef, coef, NCOEF * sizeof(float));
  float *d_x, *d_y;
  cudaMalloc(&d_x, (size_t)n * batch * sizeof(float));
  cudaMalloc(&d_y, (size_t)n * batch * sizeof(float));
  cudaMemcpyAsync(d_x, x, (size_t)n * batch * sizeof(float), cudaMemcpyHostToDevice, stream);
  cudaEventRecord(start, stream);
  horner_batch<<<dim3(2, 2), 32, 0, stream>>>(d_x, d_y, n, batch);
  cudaEventRecord(stop, stream);
  cudaMemcpyAsync(y, d_y, (size_t)n * batch * sizeof(float), cudaMemcpyDeviceToHost, stream);
  cudaStreamSynchronize(stream);
  cudaEventSynchronize(stop);
  float ms = 0.f;
  cudaEventElapsedTime(&ms, start, stop);
  if (ms < 0.f) printf("timer went backwards\n");
  cudaFree(d_x);
  cudaFree(d_y);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaStreamDestroy(stream);
}
