// cuad: --fn nested_call --wrt out,in,val
// Nested __device__ calls (the seeds' kernel_with_nested_device_call), the inner one computing
// the thread index itself and called twice with different arguments.
__device__ double inner(const double* in, double val) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  return in[i] * val + val;
}

__device__ double middle(const double* in, double val) {
  return inner(in, val) * inner(in, 2.0 * val);
}

__global__ void nested_call(double* out, const double* in, double val, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = middle(in, val);
}
