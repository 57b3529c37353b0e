// cuad: --fn apply_poly --wrt out,in,c
// A kernel calling a user __device__ function that returns a value.
__device__ double poly(double x, double c) { return c * x * x + sin(c * x); }

__global__ void apply_poly(double* out, const double* in, double c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = poly(in[i], c) * in[i];
}
