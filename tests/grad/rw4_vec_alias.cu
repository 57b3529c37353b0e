// cuad: --fn rotate4 --wrt out,x,theta
// Vectorized access through local pointer aliases (`const float4* x4 = reinterpret_cast<...>`),
// sincosf writing into array elements and struct fields, and a float scratch array carved out of
// an `extern __shared__ double` buffer with reinterpret_cast.
struct SC {
  float s, c;
};

__global__ void rotate4(float* out, const float* x, const float* theta, int n4) {
  extern __shared__ double smem_d[];
  float* sf = reinterpret_cast<float*>(smem_d);
  const float4* x4 = reinterpret_cast<const float4*>(x);
  float4* o4 = reinterpret_cast<float4*>(out);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sc[2];
  SC t;
  if (i < n4) {
    sincosf(theta[i], &sc[0], &sc[1]);
    sincosf(0.5f * theta[i], &t.s, &t.c);
    float4 v = x4[i];
    sf[threadIdx.x] = v.w * t.c;
  }
  __syncthreads();
  if (i < n4) {
    float4 v = x4[i];
    float nb = sf[(threadIdx.x + 1) % blockDim.x];
    float4 r;
    r.x = sc[1] * v.x - sc[0] * v.y;
    r.y = sc[0] * v.x + sc[1] * v.y;
    r.z = t.c * v.z - t.s * v.w + 0.1f * nb;
    r.w = t.s * v.z + t.c * v.w;
    o4[i] = r;
  }
}
