// Dense matrix-vector products y = A x + beta y: one thread per row (row-major A), and one
// warp per row with a shuffle reduction for wide rows.
__global__ void gemv_row_per_thread(const float *A, const float *x, float *y, float beta,
                                    int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    float dot = 0.0f;
    for (int c = 0; c < cols; ++c)
      dot += A[r * cols + c] * x[c];
    y[r] = dot + beta * y[r];
  }
}

__global__ void gemv_warp_per_row(const double *__restrict__ A, const double *__restrict__ x,
                                  double *__restrict__ y, int rows, int cols) {
  int warp_id = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x & 31;
  if (warp_id >= rows)
    return;
  const double *row = A + (size_t)warp_id * cols;
  double dot = 0.0;
  for (int c = lane; c < cols; c += 32)
    dot += row[c] * x[c];
  for (int off = 16; off > 0; off >>= 1)
    dot += __shfl_down_sync(0xffffffff, dot, off);
  if (lane == 0)
    y[warp_id] = dot;
}

void gemv(const double *d_A, const double *d_x, double *d_y, int rows, int cols) {
  const int threads = 128;
  int warps_per_block = threads / 32;
  int blocks = (rows + warps_per_block - 1) / warps_per_block;
  gemv_warp_per_row<<<blocks, threads>>>(d_A, d_x, d_y, rows, cols);
}
