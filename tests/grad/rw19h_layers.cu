// cuad: --fn mlp_forward --wrt x,wts,y
// A host helper per layer (called in a loop, two levels: layer() calls launch_act()) on a
// stream: cudaMallocAsync/cudaFreeAsync temporaries inside the helper, a device-to-device
// cudaMemcpyAsync residual copy, the layer's weights offset into one device array.
#include <cuda_runtime.h>

__global__ void matvec(const double* W, const double* v, double* t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double s = 0.0;
    for (int j = 0; j < n; ++j) s += W[i * n + j] * v[j];
    t[i] = s;
  }
}
__global__ void act_residual(const double* t, const double* skip, double* o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tanh(t[i]) + 0.5 * skip[i];
}

static void launch_act(const double* t, const double* skip, double* o, int n, cudaStream_t s) {
  act_residual<<<(n + 31) / 32, 32, 0, s>>>(t, skip, o, n);
}

static void layer(const double* d_W, const double* d_in, double* d_out, int n, cudaStream_t s) {
  double *t, *skip;
  cudaMallocAsync(&t, n * sizeof(double), s);
  cudaMallocAsync(&skip, n * sizeof(double), s);
  cudaMemcpyAsync(skip, d_in, n * sizeof(double), cudaMemcpyDeviceToDevice, s);
  matvec<<<(n + 31) / 32, 32, 0, s>>>(d_W, d_in, t, n);
  launch_act(t, skip, d_out, n, s);
  cudaFreeAsync(t, s);
  cudaFreeAsync(skip, s);
}

void mlp_forward(const double* x, const double* wts, double* y, int n, int L) {
  cudaStream_t s;
  cudaStreamCreate(&s);
  double *d_W, *a, *b;
  cudaMalloc(&d_W, L * n * n * sizeof(double));
  cudaMalloc(&a, n * sizeof(double));
  cudaMalloc(&b, n * sizeof(double));
  cudaMemcpyAsync(d_W, wts, L * n * n * sizeof(double), cudaMemcpyHostToDevice, s);
  cudaMemcpyAsync(a, x, n * sizeof(double), cudaMemcpyHostToDevice, s);
  for (int l = 0; l < L; ++l) {
    layer(d_W + l * n * n, a, b, n, s);
    double* t = a; a = b; b = t;
  }
  cudaMemcpyAsync(y, a, n * sizeof(double), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  cudaFree(d_W);
  cudaFree(a);
  cudaFree(b);
  cudaStreamDestroy(s);
}
