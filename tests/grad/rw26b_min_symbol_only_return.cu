// cuad: --fn sym_sum --wrt a
// cuad: fwd --fn sym_sum --wrt a
// Minimal: a host function whose only differentiated input reaches the kernel through a
// __constant__ symbol (cudaMemcpyToSymbol), and whose result is read back with a D2H
// cudaMemcpy into a host local (`&r`; a local std::vector summed on the host does the same)
// and returned. The reverse pass pulls back the symbol
// copy but never launches the kernel's gradient (no `sym_kernel_grad_..._via_c_a`, and no
// seed for the local), so the adjoint of `a` stays zero: a silent wrong gradient. Forward mode
// is right. The same with `*result = 2 * r` into an output parameter in --wrt also drops it;
// a cudaMemcpy straight into the output parameter works, and so does listing `x` in --wrt
// (a kernel argument carrying derivatives).
#include <cuda_runtime.h>

__constant__ double c_a[2];

__global__ void sym_kernel(const double* x, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(out, c_a[0] * x[i] + c_a[1] * x[i] * x[i]);
}

double sym_sum(const double* a, const double* x, int n) {
  double *d_x, *d_out;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_out, sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_out, 0, sizeof(double));
  cudaMemcpyToSymbol(c_a, a, 2 * sizeof(double));
  sym_kernel<<<1, 32>>>(d_x, d_out, n);
  double r = 0.0;
  cudaMemcpy(&r, d_out, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_out);
  return r;
}
