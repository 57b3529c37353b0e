// cuad: --fn stencil --wrt out,in
// 1-D three-point stencil: neighbouring threads' adjoint updates of in[] collide in reverse.
__global__ void stencil(double* out, const double* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double left = i > 0 ? in[i - 1] : 0.0;
    double right = i < n - 1 ? in[i + 1] : 0.0;
    out[i] = 0.25 * left + 0.5 * in[i] + 0.25 * right * in[i];
  }
}
