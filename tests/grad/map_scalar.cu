// cuad: --fn scale_map --wrt out,a
// Elementwise map with a scalar parameter, differentiated with respect to the scalar (float).
__global__ void scale_map(float* out, const float* in, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tanhf(a * in[i]) + a * in[i] * in[i];
}
