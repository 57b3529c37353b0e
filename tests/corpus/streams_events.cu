// Overlapping copies and kernels on several streams with pinned host memory, launch
// configurations with all four parameters, and event timing.
#include <cstdio>
#include <cuda_runtime.h>

#define NSTREAMS 4

__global__ void scale_offset(float *x, float s, float o, int n) {
  extern __shared__ float stage[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  stage[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  if (i < n)
    x[i] = s * stage[threadIdx.x] + o;
}

float run_streams(float *h_data, int n) {
  cudaStream_t streams[NSTREAMS];
  for (int s = 0; s < NSTREAMS; ++s)
    cudaStreamCreate(&streams[s]);
  float *d_data = nullptr, *h_pinned = nullptr;
  cudaMalloc(&d_data, n * sizeof(float));
  cudaMallocHost(&h_pinned, n * sizeof(float));
  for (int i = 0; i < n; ++i)
    h_pinned[i] = h_data[i];
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start, 0);
  int chunk = (n + NSTREAMS - 1) / NSTREAMS;
  for (int s = 0; s < NSTREAMS; ++s) {
    int off = s * chunk;
    int len = off + chunk > n ? n - off : chunk;
    if (len <= 0)
      break;
    cudaMemcpyAsync(d_data + off, h_pinned + off, len * sizeof(float), cudaMemcpyHostToDevice,
                    streams[s]);
    scale_offset<<<(len + 255) / 256, 256, 256 * sizeof(float), streams[s]>>>(d_data + off, 2.0f,
                                                                             1.0f, len);
    cudaMemcpyAsync(h_pinned + off, d_data + off, len * sizeof(float), cudaMemcpyDeviceToHost,
                    streams[s]);
  }
  cudaEventRecord(stop, 0);
  cudaEventSynchronize(stop);
  float ms = 0.0f;
  cudaEventElapsedTime(&ms, start, stop);
  for (int i = 0; i < n; ++i)
    h_data[i] = h_pinned[i];
  for (int s = 0; s < NSTREAMS; ++s)
    cudaStreamDestroy(streams[s]);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFreeHost(h_pinned);
  cudaFree(d_data);
  return ms;
}
