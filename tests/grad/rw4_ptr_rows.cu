// cuad: --fn rows_dot --wrt out,rows,v
// Pointer-to-pointer arguments (a batch of row pointers, as batched BLAS takes them): the
// adjoint is an array of pointers to the rows' adjoint buffers. Two row pointers may name the
// same row.
__global__ void rows_dot(float* out, const float* const* rows, const float* v, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float* r = rows[i];
  float s = 0.0f;
  for (int j = 0; j < m; ++j) s += r[j] * v[j] + 0.5f * r[j] * r[j];
  out[i] = tanhf(s);
}
