// cuad: --fn steps_with_readback --wrt x
// cuad: fwd --fn steps_with_readback --wrt x
// Minimal: a host time loop declares its std::vector staging buffer inside the loop body
// (the usual scoping) and copies a device result into it each step. cuad refuses, in both
// modes: "values stored into `part`: it stays a library container (... sized in a loop)".
// The same code with the vector declared once before the loop is accepted.
#include <cuda_runtime.h>
#include <vector>

__global__ void square_inplace(double* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * x[i] + 0.1;
}

double steps_with_readback(const double* x, int n, int steps) {
  double* d_x;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  double acc = 0.0;
  for (int s = 0; s < steps; ++s) {
    square_inplace<<<1, 32>>>(d_x, n);
    std::vector<double> part(n);
    cudaMemcpy(part.data(), d_x, n * sizeof(double), cudaMemcpyDeviceToHost);
    acc += part[0];
  }
  cudaFree(d_x);
  return acc;
}
