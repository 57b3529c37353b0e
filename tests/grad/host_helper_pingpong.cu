// cuad: --fn mlp_forward --wrt x,wts,y
// A host helper that launches a layer kernel, called in a loop over ping-pong buffers: each
// call overwrites the buffer the previous call read. The host gradient checkpoints the
// buffers a helper may write through its non-const pointer parameters (host.rs
// checkpoint_helper_buffers), as for an inline launch; before, every layer's pullback but the
// last re-ran on a later layer's output.
#include <cuda_runtime.h>
__global__ void lay(const double* W, const double* v, double* o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double s = 0.0;
    for (int j = 0; j < n; ++j) s += W[i * n + j] * v[j];
    o[i] = tanh(s);
  }
}
static void layer(const double* d_W, const double* d_in, double* d_out, int n) {
  lay<<<1, 32>>>(d_W, d_in, d_out, n);
}
void mlp_forward(const double* x, const double* wts, double* y, int n, int L) {
  double *d_W, *a, *b;
  cudaMalloc(&d_W, L * n * n * sizeof(double));
  cudaMalloc(&a, n * sizeof(double));
  cudaMalloc(&b, n * sizeof(double));
  cudaMemcpy(d_W, wts, L * n * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(a, x, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int l = 0; l < L; ++l) {
    layer(d_W, a, b, n);
    double* t = a; a = b; b = t;
  }
  cudaMemcpy(y, a, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_W);
  cudaFree(a);
  cudaFree(b);
}
