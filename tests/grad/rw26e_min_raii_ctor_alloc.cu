// cuad: --fn square_on_device --wrt x,y
// Minimal: device buffers held by an RAII wrapper whose constructor calls cudaMalloc and
// whose destructor calls cudaFree. cuad refuses ("`dx.ptr` is given `DeviceBuffer(n).ptr`,
// which has no adjoint here, while reads through `dx.ptr` carry derivatives", "kernel `sq`
// writes through `dy.ptr`, which cuad cannot trace to a buffer"; with a template wrapper
// and several buffers in one declaration: "cannot tell where the pointers of `d_x` point
// after this assignment"). The same struct with an `alloc(n)` member function instead of
// the constructor is differentiated.
#include <cuda_runtime.h>
#include <cstddef>

struct DeviceBuffer {
  double* ptr = nullptr;
  size_t n = 0;
  explicit DeviceBuffer(size_t count) : n(count) { cudaMalloc(&ptr, count * sizeof(double)); }
  ~DeviceBuffer() { cudaFree(ptr); }
};

__global__ void sq(int n, const double* x, double* y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] * x[i];
}

void square_on_device(int n, const double* x, double* y) {
  DeviceBuffer dx(n), dy(n);
  cudaMemcpy(dx.ptr, x, n * sizeof(double), cudaMemcpyHostToDevice);
  sq<<<1, 32>>>(n, dx.ptr, dy.ptr);
  cudaMemcpy(y, dy.ptr, n * sizeof(double), cudaMemcpyDeviceToHost);
}
