// cuad: --fn forms --wrt y,z,x
// Assignment forms: chained `a = b = e`, a conditional lvalue `(c ? y[i] : z[i]) = e`, a
// post-increment of a real, then a later store to the same array.
__global__ void forms(double* y, double* z, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double a, b;
    a = b = x[i] * 2.0;
    a += sin(b);
    double c = a * b;
    (i % 2 ? y[i] : z[i]) = c * a;
    double d = x[i];
    d++;
    if (i % 3 == 0) z[i] = d * c;
  }
}
