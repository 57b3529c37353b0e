// cuad: --fn run --wrt p,h
// A host function passing a struct with a fixed-size array of reals by value to a kernel:
// the struct's adjoint holds no pointers, so it goes to the kernel's gradient as zeroed
// device memory and comes back added into the caller's. (Before: refused as "holds structs
// with pointers".)
#include <cuda_runtime.h>

struct Coeffs {
  double k[3];
  double a;
  int period;
};

__global__ void kern(int n, Coeffs p, double* x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = p.k[i % p.period] * x[i] * x[i] + p.a * x[i];
}

void run(int n, Coeffs p, double* h) {
  double* d;
  cudaMalloc(&d, n * sizeof(double));
  cudaMemcpy(d, h, n * sizeof(double), cudaMemcpyHostToDevice);
  kern<<<(n + 31) / 32, 32>>>(n, p, d);
  kern<<<(n + 31) / 32, 32>>>(n, p, d);
  cudaMemcpy(h, d, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d);
}
