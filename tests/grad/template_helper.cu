// cuad: --fn cube_all --wrt out,in
// A function template called with deduced and with explicit template arguments.
template <typename T>
__device__ T cube(T x) {
  return x * x * x;
}

__global__ void cube_all(double* out, const double* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = cube(in[i]) + cube<double>(0.5 * in[i]) * in[i];
}
