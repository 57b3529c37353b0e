// Kernels templated on the element type and the block size, with a templated device
// helper, explicit instantiations, and a host dispatcher on the runtime block size.
#include <cuda_runtime.h>

template <typename T>
__device__ __forceinline__ T square(T v) {
  return v * v;
}

template <typename T, int BLOCK>
__global__ void __launch_bounds__(BLOCK) sum_of_squares(const T *in, T *out, int n) {
  __shared__ T buf[BLOCK];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  buf[threadIdx.x] = i < n ? square<T>(in[i]) : T(0);
  __syncthreads();
#pragma unroll
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      buf[threadIdx.x] += buf[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(out, buf[0]);
}

template <typename T>
__global__ void axpby(T a, const T *x, T b, T *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + b * y[i];
}

template __global__ void sum_of_squares<float, 128>(const float *, float *, int);
template __global__ void axpby<double>(double, const double *, double, double *, int);

template <typename T>
void launch_sum_of_squares(const T *d_in, T *d_out, int n, int block) {
  switch (block) {
  case 64:
    sum_of_squares<T, 64><<<(n + 63) / 64, 64>>>(d_in, d_out, n);
    break;
  case 256:
    sum_of_squares<T, 256><<<(n + 255) / 256, 256>>>(d_in, d_out, n);
    break;
  default:
    sum_of_squares<T, 128><<<(n + 127) / 128, 128>>>(d_in, d_out, n);
    break;
  }
}

void run_all(const float *d_xf, float *d_sf, const double *d_xd, double *d_yd, int n) {
  launch_sum_of_squares<float>(d_xf, d_sf, n, 256);
  axpby<double><<<(n + 255) / 256, 256>>>(2.0, d_xd, 0.5, d_yd, n);
}
