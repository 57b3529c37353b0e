// cuad: --fn smooth_steps --wrt x0,k,x_out
// Minimal: ping-pong buffers in a pointer array, allocated AND cleared in one loop
// (cudaMalloc + cudaMemset per buffer), swapped in a time loop, freed in a loop. The gradient
// frees the buffers twice (once when reversing the allocation loop, once at the end for the
// primal's cudaFree loop). Without the cudaMemset in the loop the output is correct.
#include <cuda_runtime.h>
#include <utility>
#define N 16
__global__ void relax(const double* __restrict__ a, double* __restrict__ b, double k) {
  const int i = threadIdx.x;
  if (i >= N) return;
  const double l = a[(i + N - 1) % N], r = a[(i + 1) % N];
  b[i] = a[i] + k * (l - 2.0 * a[i] + r) * a[i];
}
void smooth_steps(const double* x0, double k, int nsteps, double* x_out) {
  double* buf[2];
  for (int b = 0; b < 2; ++b) {
    cudaMalloc(&buf[b], N * sizeof(double));
    cudaMemset(buf[b], 0, N * sizeof(double));
  }
  cudaMemcpy(buf[0], x0, N * sizeof(double), cudaMemcpyHostToDevice);
  for (int s = 0; s < nsteps; ++s) {
    relax<<<1, 32>>>(buf[0], buf[1], k);
    std::swap(buf[0], buf[1]);
  }
  cudaMemcpy(x_out, buf[0], N * sizeof(double), cudaMemcpyDeviceToHost);
  for (int b = 0; b < 2; ++b) cudaFree(buf[b]);
}
