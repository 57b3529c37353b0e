// cuad: --fn linear_bias_2d --wrt out,x,W,b
// A dense layer out[r][c] = tanh(sum_k x[r][k] W[c][k] + b[c]) on a 2-D grid (c along x, r
// along y). The adjoint of x[r][k] is shared by a row of the block's threads and the adjoints
// of b[c] and W[c][k] by a column: they are summed over the warp's lanes in the same row or
// column (cuad_add_row_groups / cuad_add_column_groups). The driver launches it with 8x4
// blocks (grouped path) and with 6x5 blocks (blockDim.x not a power of two: every lane
// falls back to atomicAdd), both with partial blocks at the edges. The CPU emulation reports
// one active lane at a time, so only a GPU run (scripts/gpu-test.sh) takes the grouped path.
__global__ void linear_bias_2d(double* out, const double* x, const double* W, const double* b,
                               int rows, int cols, int in) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < rows && c < cols) {
    double acc = b[c];
    for (int k = 0; k < in; ++k) acc += x[r * in + k] * W[c * in + k];
    out[r * cols + c] = tanh(acc);
  }
}
