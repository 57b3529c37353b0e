// cuad: --fn relax_state --wrt q,f
// Minimal: a host function applies an in-place update kernel twice to a caller-owned state
// passed as a struct of device pointers; the update is linear in the faces f[i], f[i + 1] (a
// stencil at constant offsets, so cuad writes the launch's gradient as `_gather` + `_zero`
// kernels). The `_gather` kernel replays the primal's in-place store `q.h[i + 1] -= ...`
// once per gathered neighbour, so neighbouring threads read and write the same q.h entries
// (a data race; the values are dead and the host restores q afterwards). With a plain
// `double*` parameter instead of the struct the replayed stores are not emitted.
#include <cuda_runtime.h>

struct State {
  double* h;
};

__global__ void update(State q, const double* f, double lambda, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  q.h[i + 1] -= lambda * (f[i + 1] - f[i]);
}

void relax_state(State q, const double* f, double lambda, int n) {
  double* d_f;
  cudaMalloc(&d_f, (n + 1) * sizeof(double));
  cudaMemcpy(d_f, f, (n + 1) * sizeof(double), cudaMemcpyHostToDevice);
  for (int s = 0; s < 2; ++s) update<<<(n + 31) / 32, 32>>>(q, d_f, lambda, n);
  cudaFree(d_f);
}
