// cuad: --fn vec4 --wrt out,in,a
// Vectorized memory access: `reinterpret_cast<const float4*>(in)[i]` loads four floats at
// once; the adjoint goes through the same cast of the (writable) adjoint buffer.
__global__ void vec4(float* out, const float* in, float a, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 v = reinterpret_cast<const float4*>(in)[i];
    float4 r = make_float4(a * v.x * v.x, a * v.y, v.z * v.w, sinf(v.w));
    reinterpret_cast<float4*>(out)[i] = r;
  }
}
