// cuad: --fn pipeline --wrt x,y
// Application code keeps its device buffers in a struct and launches kernels with the fields
// (`sq<<<>>>(b.in, b.out, b.n)`). The struct is used only through its fields, so the host pass
// scalarizes it (`b.in` -> `b_in`, host_structs.rs) and `b_out` is traced to `d_out`: the host
// gradient checkpoints that buffer and passes the mirrored adjoints to the kernels' gradients.
// (Before session 19: "cannot trace to a buffer".)
#include <cuda_runtime.h>

struct Bufs {
  double* in;
  double* out;
  int n;
};

__global__ void sq(const double* a, double* o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = a[i] * a[i] + 0.5 * a[i];
}

// in place: o[i] += 0.25 * a[i+1] * o[i]
__global__ void mix(const double* a, double* o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] += 0.25 * a[(i + 1) % n] * o[i];
}

void pipeline(const double* x, double* y, int n) {
  double *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(double));
  cudaMalloc(&d_out, n * sizeof(double));
  cudaMemcpy(d_in, x, n * sizeof(double), cudaMemcpyHostToDevice);
  Bufs b;
  b.in = d_in;
  b.out = d_out;
  b.n = n;
  const int threads = 64, blocks = (b.n + threads - 1) / threads;
  sq<<<blocks, threads>>>(b.in, b.out, b.n);
  mix<<<blocks, threads>>>(b.in, b.out, b.n);
  cudaMemcpy(y, d_out, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
}
