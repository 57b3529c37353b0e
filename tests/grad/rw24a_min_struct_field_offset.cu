// cuad: --fn pad_square --wrt x,out
// cuad: fwd --fn pad_square --wrt x,out
// Minimal: a host function copies into and out of a struct field at an offset, spelled
// `q.h + 1` (a ghost cell on each side). `&q.h[1]` is accepted; `q.h + 1` is refused
// (reverse: "cannot tell where the adjoint of the buffer lives"; forward: "cannot tell where
// its tangent lives").
#include <cuda_runtime.h>

struct Field {
  double* h;
};

__global__ void square_inplace(Field q, int n) {
  const int i = threadIdx.x;
  if (i < n) q.h[i] = q.h[i] * q.h[i];
}

void pad_square(const double* x, double* out, int n) {
  Field q;
  cudaMalloc(&q.h, (n + 2) * sizeof(double));
  cudaMemset(q.h, 0, (n + 2) * sizeof(double));
  cudaMemcpy(q.h + 1, x, n * sizeof(double), cudaMemcpyHostToDevice);
  square_inplace<<<1, 32>>>(q, n + 2);
  cudaMemcpy(out, q.h + 1, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(q.h);
}
