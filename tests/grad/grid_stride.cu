// cuad: --fn stride_update --wrt out,in,a
// Grid-stride loop: each thread handles several elements (n is over twice the thread count).
__global__ void stride_update(double* out, const double* in, double a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    out[i] = in[i] * in[i] * a + out[i];
  }
}
