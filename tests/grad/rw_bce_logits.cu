// cuad: --fn bce_logits --wrt loss,z
// Binary cross-entropy with logits in its numerically stable form
// (max(z, 0) - z*y + log1p(exp(-|z|))), weighted per class (column), a per-warp
// __shfl_xor_sync sum and one atomicAdd per warp; z is a row-major [rows x cols] array.
__global__ void bce_logits(float* loss, const float* __restrict__ z, const float* __restrict__ y,
                           const float* __restrict__ pos_weight, int rows, int cols) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float l = 0.0f;
  if (i < rows * cols) {
    const int c = i % cols;
    const float zi = z[i], yi = y[i];
    const float sp = log1pf(__expf(-fabsf(zi)));
    const float lw = 1.0f + (pos_weight[c] - 1.0f) * yi;
    l = (1.0f - yi) * zi + lw * (sp + fmaxf(-zi, 0.0f));
  }
  for (int o = 16; o > 0; o >>= 1) l += __shfl_xor_sync(0xffffffff, l, o);
  if ((threadIdx.x & 31) == 0) atomicAdd(loss, l / (rows * cols));
}
