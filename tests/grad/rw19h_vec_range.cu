// cuad: --fn f --wrt x,y
#include <cuda_runtime.h>
#include <vector>
__global__ void sq(const double* a, double* o, int n) { int i = threadIdx.x; if (i < n) o[i] = a[i] * a[i]; }
void f(const double* x, double* y, int n) {
  std::vector<double> hx(x, x + n);
  double *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(double));
  cudaMalloc(&d_out, n * sizeof(double));
  cudaMemcpy(d_in, hx.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  sq<<<1, 64>>>(d_in, d_out, n);
  cudaMemcpy(y, d_out, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
}
