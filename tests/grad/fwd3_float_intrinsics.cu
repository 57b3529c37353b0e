// cuad: fwd --fn act
// Float intrinsics and float math in a kernel: __expf, __logf, __sinf, __cosf, __powf,
// __fdividef, __fsqrt_rn, __fmul_rn, sincosf with output pointers, rsqrtf, fminf/fmaxf,
// copysignf, fmodf, erfcf, exp10f, expm1f, log1pf, hypotf, atan2f, cbrtf, fabsf.
__global__ void act(int n, const float* x, const float* w, float beta, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float u = x[i], v = w[i];
    float s, c;
    sincosf(u * beta, &s, &c);
    float a = __expf(0.5f * u) + __logf(2.f + v) + __sinf(u) * __cosf(v);
    float b = __powf(1.5f + v * v, beta) + __fdividef(u, 1.f + v * v) + __fsqrt_rn(2.f + u);
    float d = __fmul_rn(s, c) + rsqrtf(1.f + u * u) + fminf(u, v) * fmaxf(u, 0.2f * v);
    float e = copysignf(u * u, v) + fmodf(5.f + u, 0.9f) + erfcf(v) + exp10f(0.3f * u);
    float f = expm1f(v) - log1pf(u * u) + hypotf(u, v + 2.f) + atan2f(v, 2.f + u) + cbrtf(3.f + u) * fabsf(v);
    y[i] = a * b + d - e * f;
  }
}
