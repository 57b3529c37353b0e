// cuad: --fn run_two --wrt h0,out
// cuad: fwd --fn run_two
// Minimal: like rw24a_min_struct_written_by_kernel, but the first kernel takes plain pointers
// and the host passes the struct's fields (`mix<<<..>>>(q.h, q.hu, r.h, r.hu, n)`); the second
// kernel reads the struct r. Reverse mode refuses ("writes through `r.h`, which cuad cannot
// trace to a buffer"); forward mode accepts it.
#include <cuda_runtime.h>

struct State {
  double* h;
  double* hu;
};

__global__ void mix(const double* qh, const double* qhu, double* rh, double* rhu, int n) {
  const int i = threadIdx.x;
  if (i < n) {
    rh[i] = qh[i] * qhu[i];
    rhu[i] = qh[i] + qhu[i];
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
  mix<<<1, 32>>>(q.h, q.hu, r.h, r.hu, n);
  combine<<<1, 32>>>(d_out, r, n);
  cudaMemcpy(out, d_out, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(q.h);
  cudaFree(q.hu);
  cudaFree(r.h);
  cudaFree(r.hu);
  cudaFree(d_out);
}
