// cuad: --fn apply_y --wrt out,in
// A __device__ helper with an ordinary local named `y` (a common name): its pullback must not
// clash with the adjoint-of-the-return-value parameter.
__device__ double smooth(double x) {
  double y = x * x + 0.5;
  return sin(y) * x;
}

__global__ void apply_y(double* out, const double* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = smooth(in[i]);
}
