// cuad: --fn fastmath_act --wrt out,x,p
// An elementwise kernel written with fast-math intrinsics (__expf, __logf, __fdividef,
// rsqrtf, __saturatef, fminf/fmaxf, copysignf, fmaf, __powf, __sinf) and a grid-stride loop.
__global__ void fastmath_act(float* __restrict__ out, const float* __restrict__ x,
                             const float* __restrict__ p, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const float v = x[i];
    const float q = p[i];
    const float sig = __fdividef(1.0f, 1.0f + __expf(-v));
    const float sat = __saturatef(0.5f * v + 0.5f);
    const float lg = __logf(1.0f + q * q);
    const float r = rsqrtf(1.0f + v * v);
    const float cl = fminf(fmaxf(v * q, -0.8f), 0.8f);
    const float sg = copysignf(q * q + 0.1f, v);
    const float pw = __powf(1.5f + sig, q);
    out[i] = fmaf(sig, lg, sat * r) + cl + sg * __sinf(v) + pw;
  }
}
