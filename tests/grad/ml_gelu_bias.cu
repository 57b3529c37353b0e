// cuad: --fn gelu_bias_fwd --wrt out,x,bias
// Fused bias + tanh-approximate GELU, grid-stride loop, const __restrict__ and __ldg.
#define SQRT_2_OVER_PI 0.7978845608f
__device__ __forceinline__ float gelu_tanh(float v) {
  float inner = SQRT_2_OVER_PI * (v + 0.044715f * v * v * v);
  return 0.5f * v * (1.0f + tanhf(inner));
}
__global__ void gelu_bias_fwd(float* __restrict__ out, const float* __restrict__ x,
                              const float* __restrict__ bias, int rows, int cols) {
  int n = rows * cols;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float v = x[i] + __ldg(bias + i % cols);
    out[i] = gelu_tanh(v);
  }
}
