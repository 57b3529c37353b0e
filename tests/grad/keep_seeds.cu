// cuad: --fn scale_map --wrt out,x,a --keep-seeds
// cuad: --fn square_rows --wrt out,x --keep-seeds
// --keep-seeds: an output the kernel writes once per element keeps its seed (scale_map); one
// written in a loop (square_rows, where cuad does not prove each element is written once)
// consumes it as usual.
__global__ void scale_map(float* out, const float* x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * sinf(x[i]);
}

__global__ void square_rows(double* out, const double* x, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    for (int c = 0; c < cols; ++c) out[r * cols + c] = x[r * cols + c] * x[r * cols + c];
  }
}
