// cuad: --fn run --wrt x,y
// A struct of device buffers allocated in place (`cudaMalloc(&b.a, ...)`) and passed whole to
// a kernel that reads one field and updates another in place: the struct carries derivatives,
// its adjoint struct points at adjoint buffers allocated next to the fields' buffers.
// (Before: "cuad cannot tell where the adjoint of the buffer `b.a` lives".)
#include <cuda_runtime.h>

struct Buf {
  double* a;
  double* c;
  int n;
};

__global__ void mix(Buf b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < b.n) b.c[i] = b.c[i] * sin(b.a[i]) + b.a[i] * b.a[i];
}

void run(const double* x, double* y, int n) {
  Buf b;
  b.n = n;
  cudaMalloc(&b.a, n * sizeof(double));
  cudaMalloc((void**)&b.c, n * sizeof(double));
  cudaMemcpy(b.a, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(b.c, y, n * sizeof(double), cudaMemcpyHostToDevice);
  mix<<<(n + 31) / 32, 32>>>(b);
  mix<<<(n + 31) / 32, 32>>>(b);
  cudaMemcpy(y, b.c, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(b.a);
  cudaFree(b.c);
}
