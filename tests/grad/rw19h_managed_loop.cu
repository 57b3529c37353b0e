// cuad: --fn damped_iter --wrt x0,gamma
// Managed memory in an iterative loop: state and a managed scalar residual; each iteration
// zeroes the residual on the host, launches, cudaDeviceSynchronize, reads the residual on the
// host and exits early; the result is summed on the host from managed memory. Pinned
// host staging (cudaMallocHost) with cudaMemcpyAsync on a stream for the initial state.
#include <cuda_runtime.h>

__global__ void update(const double* a, double* b, double gamma, double* res, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    b[i] = a[i] - gamma * sin(a[i]) + 0.1 * a[(i + 1) % n];
    atomicAdd(res, fabs(b[i] - a[i]));
  }
}

double damped_iter(const double* x0, double gamma, int n, int max_it) {
  double *a, *b, *res, *pin;
  cudaMallocManaged(&a, n * sizeof(double));
  cudaMallocManaged(&b, n * sizeof(double));
  cudaMallocManaged(&res, sizeof(double));
  cudaMallocHost(&pin, n * sizeof(double));
  for (int i = 0; i < n; ++i) pin[i] = x0[i];
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMemcpyAsync(a, pin, n * sizeof(double), cudaMemcpyHostToDevice, s);
  cudaStreamSynchronize(s);
  for (int it = 0; it < max_it; ++it) {
    *res = 0.0;
    update<<<(n + 31) / 32, 32>>>(a, b, gamma, res, n);
    cudaDeviceSynchronize();
    double* t = a; a = b; b = t;
    if (*res < 1e-3 * n) break;
  }
  double total = 0.0;
  for (int i = 0; i < n; ++i) total += a[i] * a[i];
  cudaStreamDestroy(s);
  cudaFreeHost(pin);
  cudaFree(a);
  cudaFree(b);
  cudaFree(res);
  return total;
}
