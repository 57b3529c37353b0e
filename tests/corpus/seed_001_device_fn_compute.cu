// Seed 001: a device function differentiated from inside a kernel through Clad's API
// (clad_mock.cuh stands in for Clad; `(...)` is completed with declarations).
#include <vector>
#include "clad_mock.cuh"

#define N 10

__device__ double fn(double *a) {  
  return *a * *a;  
}  
  
__global__ void compute(double* d_a, double* d_result) {  
  double* d_x = d_a;
  auto fn_grad = clad::gradient(fn, "a");  
  fn_grad.execute(d_x, d_result);  
}  
  
int main(void) {  
  double *d_a = nullptr, *d_result = nullptr;
  std::vector<double> result(N);
  cudaMalloc(&d_a, N * sizeof(double));
  cudaMalloc(&d_result, N * sizeof(double));
  compute<<<1, 1>>>(d_a, d_result);  
  cudaDeviceSynchronize();  
  // copy back result to CPU  
  cudaMemcpy(result.data(), d_result, N * sizeof(double),  
                                      cudaMemcpyDeviceToHost);  
  return 0;  
}
