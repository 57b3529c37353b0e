// cuad: --fn vec4_kernel --wrt y,x,s
// cuad: --fn pair_kernel --wrt out,z
// Vectorized memory access: float4 loads through reinterpret_cast of a float pointer, __ldg of
// a float4, make_float4 stores through a reinterpret_cast output, .x/.y/.z/.w members;
// double2 values.
__global__ void vec4_kernel(float* __restrict__ y, const float* __restrict__ x,
                            const float* __restrict__ s, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 a = reinterpret_cast<const float4*>(x)[i];
    float4 b = __ldg(reinterpret_cast<const float4*>(s) + i);
    float4 r = make_float4(a.x * b.x, a.y * b.y + a.x, a.z * a.z * b.z, a.w - b.w * a.y);
    reinterpret_cast<float4*>(y)[i] = r;
  }
}

__global__ void pair_kernel(double* out, const double2* z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double2 v = z[i];
    double2 w = make_double2(v.x * v.y, v.x - v.y * v.y);
    out[2 * i] = w.x + sin(w.y);
    out[2 * i + 1] = w.x * w.y;
  }
}
