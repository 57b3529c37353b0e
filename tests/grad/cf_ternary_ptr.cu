// cuad: --fn pick_mix --wrt out,a,b,s
// Ternaries selecting between whole arrays (a pointer chosen per thread), between elements of
// two arrays, and a pointer walked with p++ / p += stride in a loop.
__global__ void pick_mix(double* out, const double* a, const double* b, double s, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double* src = (i % 2 == 0) ? a : b;
  const double* other = (i % 2 == 0) ? b : a;
  const double* p = src + i * m;
  double acc = 0.0;
  for (int k = 0; k < m; ++k) {
    acc += *p * s;
    p++;
  }
  const double* q = other + i;  // walk down a column with a stride
  for (int k = 0; k < m; ++k) {
    acc += (k & 1 ? *q : -*q) * (a[i * m] > 0.0 ? a[i * m] : b[i * m]);
    q += n;
  }
  out[i] = acc * acc;
}
