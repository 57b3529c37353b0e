// Seed 001: the kernel version, differentiated from the host.
#include <vector>
#include "clad_mock.cuh"

#define N 1

__global__ void fn(double *a) {  
  *a *= *a;  
}  
  
int main(void) {  
  double *d_x = nullptr, *d_result = nullptr;
  std::vector<double> result(N);
  cudaMalloc(&d_x, N * sizeof(double));
  cudaMalloc(&d_result, N * sizeof(double));

  auto fn_grad = clad::gradient(fn, "a");  
  fn_grad.execute(d_x, d_result);  
  cudaDeviceSynchronize();  
  // copy back result to CPU  
  cudaMemcpy(result.data(), d_result, N * sizeof(double),  
                                      cudaMemcpyDeviceToHost);  
  return 0;  
}
