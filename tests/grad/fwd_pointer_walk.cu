// cuad: fwd --fn walk
// Pointers that move (`++p` in a loop step, `q += k`, `q++`): their tangents (shadow
// pointers) move with them.
__global__ void walk(int n, const double* x, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double* p = x;
  double s = 0.0;
  for (int j = 0; j <= i; ++j, ++p) s += *p * *p;
  const double* q = x;
  q += i / 2;
  q++;
  out[i] = s * *q;
}
