// cuad: --fn sweepf --wrt y,x,p
// Single-precision math sweep: f-suffixed functions, fast intrinsics, powf with an integer
// exponent and a variable exponent.
__global__ void sweepf(float* y, const float* x, float* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float a = x[i];
    float s = 0.0f;
    s += exp2f(a) + exp10f(0.3f * a) + expm1f(a) + log2f(a + 1.0f) + log10f(a + 2.0f) + log1pf(a);
    s += cbrtf(a + 1.0f) + rcbrtf(a + 1.0f) + rsqrtf(a + 1.0f) + hypotf(a, 0.7f) + atan2f(0.4f, a);
    s += asinhf(a) + acoshf(1.5f + a) + atanhf(0.5f * a) + sinhf(a) + coshf(a) + tanhf(a);
    s += erff(a) + erfcf(a) + tgammaf(a + 1.5f) + lgammaf(a + 1.5f);
    s += powf(a, 3) + powf(a + 1.0f, *p) + fmaf(a, *p, a) + fminf(a, 2.0f) + fmaxf(a, -2.0f);
    s += fabsf(a + 3.0f) + copysignf(a, -1.0f) + ldexpf(a, 2) + normcdff(a) + normcdfinvf(0.3f + 0.4f * a);
    s += sinpif(a) + cospif(a) + __expf(a) + __logf(a + 1.0f) + __sinf(a) + __cosf(a) + __fdividef(a, 1.5f + a);
    s += __powf(a + 1.0f, 1.5f) + __tanf(0.5f * a) + __exp10f(0.2f * a) + __log2f(a + 1.0f) + __log10f(a + 1.0f);
    y[i] = s + 0.5f * y[i];
  }
}
