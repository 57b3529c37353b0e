// cuad: --fn run_inplace --wrt x,y
// Minimal repro: a host function keeps a device buffer in a struct field (`Bufs a;
// cudaMalloc(&a.h, ...)`) and launches an elementwise kernel in place on it by passing the
// field for both the output and the input (`sq<<<1, 32>>>(a.h, a.h, n)`). With a plain local
// pointer (`sq<<<>>>(d_h, d_h, n)`) cuad makes an in-place copy of the kernel and its gradient
// is right; through the struct field it launches `sq_grad_0_1(a_h, a_h, n, _d_a_h, _d_a_h)`
// with one adjoint buffer for both __restrict__ adjoints, and the kernel adds into _d_inp[i]
// before it zeroes _d_out[i]: everything upstream of the in-place launch gets a zero gradient.
#include <cuda_runtime.h>

__global__ void sq(float* out, const float* inp, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float v = inp[i];
    out[i] = v * v + 0.5f * v;
  }
}

__global__ void twice(float* out, const float* inp, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2.0f * inp[i];
}

struct Bufs {
  float* h;
};

void run_inplace(const float* x, float* y, int n) {
  float* d_x;
  Bufs a;
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&a.h, n * sizeof(float));
  cudaMemcpy(d_x, x, n * sizeof(float), cudaMemcpyHostToDevice);
  twice<<<1, 32>>>(a.h, d_x, n);
  sq<<<1, 32>>>(a.h, a.h, n);
  cudaMemcpy(y, a.h, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(a.h);
}
