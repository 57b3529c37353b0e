// cuad: --fn run_sq --wrt x,y
// cuad: fwd --fn run_sq --wrt x,y
// Minimal repro: a host function keeps its device buffers in a plain struct whose member
// functions allocate, upload, download and free (no constructor or destructor). cuad splits
// each struct local into field variables (`dx_ptr`, `dx_n`) but leaves the method calls as
// `dx.alloc(n)`, `dx.upload(x)` on the vanished struct (g++/nvcc: "'dx' was not declared in
// this scope"), and the generated gradient has no reverse pass at all (no kernel gradient
// launch, no adjoint copies). The same helpers written as free functions taking the struct
// (`alloc(dx, n)`, README's supported form) work. Forward mode refuses instead, with an
// empty name: "`` receives memory that carries tangents and cuad has no derivative for it".
#include <cuda_runtime.h>

struct DeviceBuffer {
  double* ptr;
  size_t n;
  void alloc(size_t count) {
    n = count;
    cudaMalloc(&ptr, n * sizeof(double));
  }
  void release() { cudaFree(ptr); }
  void upload(const double* h) { cudaMemcpy(ptr, h, n * sizeof(double), cudaMemcpyHostToDevice); }
  void download(double* h) const { cudaMemcpy(h, ptr, n * sizeof(double), cudaMemcpyDeviceToHost); }
};

__global__ void sq(int n, const double* __restrict__ x, double* __restrict__ y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = sin(x[i]) * x[i];
}

void run_sq(const double* x, double* y, int n) {
  DeviceBuffer dx, dy;
  dx.alloc(n);
  dy.alloc(n);
  dx.upload(x);
  sq<<<(n + 31) / 32, 32>>>(n, dx.ptr, dy.ptr);
  dy.download(y);
  dx.release();
  dy.release();
}
