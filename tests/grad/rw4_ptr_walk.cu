// cuad: --fn row_norm --wrt out,A
// cuad: --fn strided_sum --wrt out,x
// Pointer styles of hand-written kernels: a const __restrict__ row pointer `A + r * n`, a C-style
// cast, and a pointer advanced with `p += stride` in a loop.
__global__ void row_norm(float* out, const float* A, int rows, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  const float* __restrict__ row = A + r * n;
  float s = 0.0f;
  #pragma unroll 4
  for (int j = 0; j < n; ++j) s += row[j] * row[j] * (1.0f + 0.1f * j);
  out[r] = sqrtf(s + 1e-3f);
}

__global__ void strided_sum(double* out, const double* x, int n, int stride) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= stride) return;
  const double* p = (const double*)x + t;
  double acc = 0.0, prev = 1.0;
  for (int k = 0; k < n; ++k) {
    acc += *p * prev;
    prev = *p;
    p += stride;
  }
  out[t] = acc;
}
