// cuad: fwd --fn dft_mag
// cuad: fwd --fn rotate2
// cuComplex arithmetic in a kernel: a small DFT per thread (make_cuDoubleComplex, cuCmul,
// cuCadd, cuCsub, cuCdiv, cuCabs, cuCreal/cuCimag, cuConj), written as magnitude and phase.
// 2: float2 loads and stores, make_float2, field arithmetic, a rotation by a per-element
// angle with sincosf.
#include <cuComplex.h>
__global__ void dft_mag(int n, int m, const double* re, const double* im, double* mag, double* phase) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= m) return;
  cuDoubleComplex acc = make_cuDoubleComplex(0.0, 0.0);
  for (int j = 0; j < n; ++j) {
    double ang = -2.0 * 3.141592653589793 * k * j / n;
    cuDoubleComplex w = make_cuDoubleComplex(cos(ang), sin(ang));
    cuDoubleComplex x = make_cuDoubleComplex(re[j], im[j]);
    acc = cuCadd(acc, cuCmul(x, w));
  }
  cuDoubleComplex z = cuCdiv(acc, make_cuDoubleComplex(1.0 + 0.1 * k, 0.5));
  z = cuCsub(z, cuConj(make_cuDoubleComplex(0.1 * re[0], im[1])));
  mag[k] = cuCabs(z);
  phase[k] = atan2(cuCimag(z), cuCreal(z));
}
__global__ void rotate2(int n, const float2* p, const float* theta, float2* q) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float2 a = p[i];
    float s, c;
    sincosf(theta[i], &s, &c);
    float2 r = make_float2(c * a.x - s * a.y, s * a.x + c * a.y);
    r.x = r.x * (1.f + 0.1f * a.y);
    q[i] = r;
  }
}
