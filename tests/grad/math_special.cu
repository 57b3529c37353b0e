// cuad: --fn special --wrt y,x,s
// lgamma/tgamma (through the emitted digamma helper), erfcinv, erfcx, rhypot, norm3d, rnorm3d,
// erfinv, normcdfinv, fdim, remainder, ldexp and the IEEE-rounded intrinsics (__fmul_rn, __fadd_rz, __fmaf_rn,
// __frcp_rn, __dsqrt_rn): rows of cuad's rule table.
__global__ void special(double* y, const double* x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double v = x[i];
    double g = lgamma(v + 2.5) + 0.1 * tgamma(v + 2.0) + lgamma(-0.5 - 0.3 * v * v);
    double e = erfcinv(0.8 + 0.2 * v) + erfinv(0.5 * v) + normcdfinv(0.5 + 0.3 * v) + erfcx(v) + rhypot(v, 2.0) + norm3d(v, s, 1.0);
    double f = rnorm3d(v, 1.0, s) + fdim(v, 0.1) + remainder(3.0 * v, 1.7) + ldexp(v, 3);
    float h = __fmaf_rn(s, 1.5f, __fadd_rz(__fmul_rn(s, s), __frcp_rn(s + 2.0f)));
    y[i] = g + e * f + h + __dsqrt_rn(v * v + 1.0) + lgammaf(s + 3.0f);
  }
}
