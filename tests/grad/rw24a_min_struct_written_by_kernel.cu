// cuad: --fn run_two --wrt h0,out
// cuad: fwd --fn run_two
// Minimal: a host function keeps two states in local structs of device pointers. The first
// is filled by cudaMemcpy, the second (r) only by a kernel that reads the first; a second
// kernel reads r into the output. The derivative must flow h0 -> q -> r -> out.
#include <cuda_runtime.h>

struct State {
  double* h;
  double* hu;
};

__global__ void mix(State q, State r, int n) {
  const int i = threadIdx.x;
  if (i < n) {
    r.h[i] = q.h[i] * q.hu[i];
    r.hu[i] = q.h[i] + q.hu[i];
  }
}

__global__ void combine(double* out, State r, int n) {
  const int i = threadIdx.x;
  if (i < n) out[i] = r.h[i] * r.hu[i];
}

void run_two(const double* h0, const double* hu0, double* out, int n) {
  State q, r;
  double* d_out;
  cudaMalloc(&q.h, n * sizeof(double));
  cudaMalloc(&q.hu, n * sizeof(double));
  cudaMalloc(&r.h, n * sizeof(double));
  cudaMalloc(&r.hu, n * sizeof(double));
  cudaMalloc(&d_out, n * sizeof(double));
  cudaMemcpy(q.h, h0, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(q.hu, hu0, n * sizeof(double), cudaMemcpyHostToDevice);
  mix<<<1, 32>>>(q, r, n);
  combine<<<1, 32>>>(d_out, r, n);
  cudaMemcpy(out, d_out, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(q.h);
  cudaFree(q.hu);
  cudaFree(r.h);
  cudaFree(r.hu);
  cudaFree(d_out);
}
