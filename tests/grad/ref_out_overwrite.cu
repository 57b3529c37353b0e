// cuad: --fn ref_twice --wrt out,in
// A helper writes a local through a reference twice; the first value is read in between, the
// second after: the reverse pass must see each value where the forward read it.
__device__ void square_into(double& p, double x) { p = x * x; }

__device__ void clamp_into(double& p, double lo) {
  if (p < lo) {
    p = lo;
  }
  p = p * 2.0;
}

__global__ void ref_twice(double* out, const double* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double p = 0.0;
    square_into(p, in[2 * i]);
    double a = p * in[2 * i + 1];
    square_into(p, in[2 * i + 1] * 3.0);
    double b = a + p * in[2 * i];
    clamp_into(p, 0.5);
    out[i] = b * p + sin(p);
  }
}
