// cuad: --fn host_inplace_helper --wrt x
// Minimal repro: a host helper launches a kernel that updates a device buffer in place
// (x[i] = x[i] * x[i] + c); the host function calls the helper once on a buffer it allocated.
// The helper's pullback re-runs the launch, so the caller saves the buffer before the call;
// before, the pullback re-ran it from the already-updated contents (silently wrong).
#include <cuda_runtime.h>

__global__ void square_plus(double* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * x[i] + 0.5;
}

static void step(double* d_x, int n) { square_plus<<<1, 32>>>(d_x, n); }

void host_inplace_helper(double* x, int n) {
  double* d_x;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  step(d_x, n);
  cudaMemcpy(x, d_x, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
}
