// cuad: --fn spmv_csr_vector --wrt y,vals,x
// CSR SpMV, "vector" kernel: one warp per row, lanes stride over the row's nonzeros
// (indirect column indices), a __shfl_down_sync reduction, lane 0 writes y = alpha*A*x + beta*y.
__global__ void spmv_csr_vector(float* y, const int* __restrict__ row_ptr,
                                const int* __restrict__ col_idx, const float* __restrict__ vals,
                                const float* __restrict__ x, float alpha, float beta, int rows) {
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int lane = threadIdx.x & 31;
  if (warp >= rows) return;
  const int begin = row_ptr[warp], end = row_ptr[warp + 1];
  float sum = 0.0f;
  for (int k = begin + lane; k < end; k += 32) sum += vals[k] * __ldg(&x[col_idx[k]]);
  for (int off = 16; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffff, sum, off);
  if (lane == 0) y[warp] = alpha * sum + beta * y[warp];
}
