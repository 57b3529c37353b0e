// Seed 004: the two ways of running a derived kernel (clad_mock.cuh stands in for Clad;
// F, host_function, kernel and the buffers are declared so the calls are complete).
#include "clad_mock.cuh"

__global__ void F(double *x) { x[threadIdx.x] *= x[threadIdx.x]; }
__global__ void kernel(double *a) { a[threadIdx.x] += 1.0; }
double host_function(double *a) { return a[0] * a[0]; }

void option_1(dim3 grid, dim3 block, double *x, double *dx) {
  auto test = clad::gradient(F);                                                                        
  test.execute_kernel(grid, block, x, dx); // shared memory = 0 & stream = nullptr
}

void option_2(dim3 grid, dim3 block, size_t shared_mem, double *x, double *dx) {
  auto test = clad::gradient(F);                                      	
  cudaStream_t stream;                                          	
  cudaStreamCreate(&stream);                                    	
  test.execute_kernel(grid, block, shared_mem, stream, x, dx);  	 
}

void misuse(double *a, double *d_a) {
  auto error_1 = clad::gradient(host_function);
  error_1.execute_kernel(dim3(1), dim3(1), a, d_a); // CHECK-EXEC: Use execute() for non-global CUDA kernels

  auto error_2 = clad::gradient(kernel);
  error_2.execute(a, d_a); // CHECK-EXEC: Use execute_kernel() for global CUDA kernels
}
