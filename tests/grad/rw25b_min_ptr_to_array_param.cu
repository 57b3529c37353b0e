// cuad: --fn apply_rows --wrt m,v,out
// Minimal refusal: a __device__ helper taking a pointer to rows of a 2-D shared array,
// `const double (*rows)[4]` (the same helper with `const double rows[][4]` is accepted).
// cuad says: error: cannot differentiate the call of `row_dot`: its definition is kept as written
// (function pointers and parenthesized declarators are not supported by cuad)
__device__ double row_dot(const double (*rows)[4], int r, const double* v) {
  double s = 0.0;
  for (int k = 0; k < 4; ++k) s += rows[r][k] * v[k];
  return s;
}
__global__ void apply_rows(const double* m, const double* v, double* out) {
  __shared__ double sm[2][4];
  const int t = threadIdx.x;
  if (t < 8) sm[t / 4][t % 4] = m[t];
  __syncthreads();
  if (t < 2) out[t] = row_dot(sm, t, v);
}
