// cuad: --fn read_until --wrt out,x
// A while condition with side effects: it reads the next value into a local and advances the
// index (`(v = x[base + k++]) > lo`), stopping at the first value below the level.
__global__ void read_until(double* out, const double* x, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double v, s = 0.0;
  int k = 0;
  while (k < m && (v = x[i * m + k++]) > -0.6) s += v * v * k;
  out[i] = s;
}
