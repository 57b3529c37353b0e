// cuad: --fn trig --wrt y,x,r
// sincos (through `&s, &c` and through pointers), sincospi, copysign, hypot, exp2, log1p,
// cbrt, rsqrt and normcdf: CUDA math calls whose derivatives come from cuad's rule table.
__device__ void polar(double r, double t, double* px, double* py) {
  double s, c;
  sincos(t, &s, &c);
  *px = r * c;
  *py = r * s;
}

__global__ void trig(double* y, const double* x, double r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double px, py, s, c;
    polar(r, x[i], &px, &py);
    sincospi(0.3 * x[i], &s, &c);
    double a = hypot(px, 2.0 * py) + copysign(x[i], -1.0) + exp2(x[i]) + log1p(x[i] * x[i]);
    y[i] = a * s + c * cbrt(x[i] + 3.0) + rsqrt(x[i] * x[i] + 1.0) + normcdf(px * r);
  }
}
