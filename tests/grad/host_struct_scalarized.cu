// cuad: --fn pipeline --wrt x,y
#include <cuda_runtime.h>
// Application code keeps its device buffers in a struct: allocated into the fields
// (`cudaMalloc(&b.in, ...)`), filled and read through them, a scratch field (`b.mid`) that only
// the kernels make differentiable, the fields swapped in the time loop, and a whole copy
// (`Bufs c = b;`). The struct is used only through its fields, so the host pass scalarizes it
// (`b.in` -> `b_in`) and traces the buffers as pointer variables. (Before: "cannot tell where
// the adjoint of the buffer `b.in` lives".)
struct Bufs {
  double* in;
  double* mid;
  double* out;
  int n;
};
__global__ void sq(const double* a, double* o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = a[i] * a[i] + 0.5 * a[i];
}
__global__ void smooth(const double* a, double* o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = 0.5 * a[i] + 0.25 * a[(i + 1) % n] * a[i];
}
void pipeline(const double* x, double* y, int n, int steps) {
  Bufs b;
  b.n = n;
  cudaMalloc(&b.in, n * sizeof(double));
  cudaMalloc(&b.mid, n * sizeof(double));
  cudaMalloc(&b.out, n * sizeof(double));
  cudaMemcpy(b.in, x, n * sizeof(double), cudaMemcpyHostToDevice);
  const int threads = 64, blocks = (b.n + threads - 1) / threads;
  for (int s = 0; s < steps; ++s) {
    sq<<<blocks, threads>>>(b.in, b.mid, b.n);
    smooth<<<blocks, threads>>>(b.mid, b.out, b.n);
    double* t = b.in; b.in = b.out; b.out = t;
  }
  Bufs c = b;
  cudaMemcpy(y, c.in, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(b.in);
  cudaFree(b.mid);
  cudaFree(b.out);
}
