// cuad: --fn split_parts --wrt y,x
// Math functions with pointer outputs, differentiated from cuad's prelude definitions:
// modf (fraction and integer part) and frexp (mantissa and exponent).
__global__ void split_parts(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double ip;
    double f = modf(3.0 * x[i] + 1.5, &ip);
    int e;
    double m = frexp(x[i] * x[i] + 0.2, &e);
    y[i] = f * f * ip + m * (double)e;
  }
}
