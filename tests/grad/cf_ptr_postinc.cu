// cuad: --fn dot_walk --wrt out,x,y
// Pointer walks in the idiomatic form: `*p++` inside the expression, and a `while (p < end)`
// loop with the end pointer computed up front.
__global__ void dot_walk(double* out, const double* x, const double* y, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double* px = x + i * m;
  const double* py = y + i * m;
  double acc = 0.0;
  for (int k = 0; k < m; ++k) acc += *px++ * *py++;
  const double* p = x + i * m;
  const double* end = p + m;
  double sq = 0.0;
  while (p < end) {
    double v = *p++;
    sq += v * v;
  }
  out[i] = acc / sqrt(sq + 1.0);
}
