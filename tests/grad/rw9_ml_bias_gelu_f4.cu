// cuad: --fn bias_gelu_f4 --wrt out,bias
// cuad: --fn bias_gelu_f4 --wrt out,inp,bias
// cuad: fwd --fn bias_gelu_f4 --wrt out,inp,bias
// Fused bias + GELU (tanh form), vectorized: each thread loads a float4 of the activations and
// a float4 of the bias with __ldg through reinterpret_cast, applies the activation per lane and
// stores one float4; the bias is broadcast over rows, so its adjoint sums over rows.
#define GELU_SCALING_FACTOR 0.7978845608028654f
__device__ __forceinline__ float gelu_tanh(float x) {
  const float cube = 0.044715f * x * x * x;
  return 0.5f * x * (1.0f + tanhf(GELU_SCALING_FACTOR * (x + cube)));
}

__global__ void bias_gelu_f4(float* __restrict__ out, const float* __restrict__ inp,
                             const float* __restrict__ bias, int N, int C) {
  const int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (i >= N) return;
  const float4 v = __ldg(reinterpret_cast<const float4*>(inp + i));
  const float4 b = __ldg(reinterpret_cast<const float4*>(bias + (i % C)));
  float4 r;
  r.x = gelu_tanh(v.x + b.x);
  r.y = gelu_tanh(v.y + b.y);
  r.z = gelu_tanh(v.z + b.z);
  r.w = gelu_tanh(v.w + b.w);
  *reinterpret_cast<float4*>(out + i) = r;
}
