// cuad: --fn refexpr --wrt out,in
// Value-returning helpers that also overwrite a reference argument, called inside
// expressions: the overwritten value is read later (`y`'s partials need the old `r`), the
// result goes straight to memory, and a call sits in a loop.
__device__ double split(double x, double& r) {
  r = x * x;
  return sin(x);
}

__device__ double bump(double& acc, double v) {
  acc = acc * 0.5 + v;
  return acc * v;
}

__global__ void refexpr(double* out, const double* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double r = in[i];
    double y = r * r;
    double s = split(in[i] * 0.5, r) * 2.0 + y;
    double acc = in[i] * 0.3;
    out[i] = bump(acc, s) + 1.0;
    double t = 0.0;
    for (int k = 1; k < 4; ++k) {
      t += cos(bump(acc, y * k)) * r;
    }
    out[n + i] = s * r + acc * y + t;
  }
}
