// Seed 004: launching a kernel pullback whose scalar adjoint lives in device memory
// (wrapped in a host function; the quoted `r4` typo is corrected to `_r4`).
#include <cuda_runtime.h>

__global__ void add_kernel_4_pullback(int *out, int *in, int N, int *_d_out, int *_d_in, int *_d_N) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  if (index < N) {
    int _r_d0 = _d_out[index];
    atomicAdd(&_d_in[index], _r_d0);
  }
}

void add_kernel_4_caller_pullback(int *out_dev, int *in_dev, int N, int *_d_out_dev, int *_d_in_dev, int &_d_N) {
  int _r4 = 0;
  int *_r5 = nullptr;
  cudaMalloc(&_r5, 32);
  cudaMemset(_r5, 0, 32);
  add_kernel_4_pullback<<<1, 5>>>(out_dev, in_dev, N, _d_out_dev, _d_in_dev, _r5); // N is of type int, so r5 is passed as _d_N
  cudaMemcpy(&_r4, _r5, 32, cudaMemcpyDeviceToHost);
  _d_N += _r4;
  cudaFree(_r5);
}
