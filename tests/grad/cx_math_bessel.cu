// cuad: --fn bessel --wrt y,x
// Bessel functions of the CUDA math library (the float versions share the rules).
__global__ void bessel(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double a = x[i];
    y[i] = j0(a) + j1(a) + y0(a + 2.0) + y1(a + 2.0) + cyl_bessel_i0(a) + cyl_bessel_i1(a);
  }
}
