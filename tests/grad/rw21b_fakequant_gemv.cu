// cuad: --fn fakequant_gemv --wrt W,scale,x,y
// cuad: fwd --fn fakequant_gemv --wrt W,scale,x,y
// Quantization-aware GEMV in the style of QAT / weight-only-quantization kernels: each row of
// the fp32 master weights is fake-quantized to signed 4-bit with a per-row (per output
// channel) scale, w_hat = s * clamp(rint(w / s), qmin, qmax), and multiplied by the
// activation vector. One warp per row; the dot product is reduced with __shfl_down_sync and
// lane 0 stores it. Calibration statistics count the clipped weights per row with
// __ballot_sync / __popc.
struct QuantRange {
  int qmin, qmax;
};

__device__ __forceinline__ float fake_quant(float w, float s, QuantRange q, bool& clipped) {
  float t = rintf(w / s);
  clipped = t < q.qmin || t > q.qmax;
  t = fminf(fmaxf(t, (float)q.qmin), (float)q.qmax);
  return t * s;
}

__global__ void fakequant_gemv(const float* __restrict__ W, const float* __restrict__ scale,
                               const float* __restrict__ x, float* __restrict__ y,
                               int* __restrict__ clip_count, int rows, int cols, QuantRange q) {
  const unsigned FULL = 0xffffffffu;
  const int lane = threadIdx.x & 31;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (row >= rows) return;
  const float s = __ldg(scale + row);
  const float* wr = W + (size_t)row * cols;

  float acc = 0.f;
  int clipped_total = 0;
  // every lane runs the same number of iterations so the ballot sees the whole warp
  for (int c0 = 0; c0 < cols; c0 += 32) {
    const int c = c0 + lane;
    bool clipped = false;
    if (c < cols) acc += fake_quant(wr[c], s, q, clipped) * __ldg(x + c);
    clipped_total += __popc(__ballot_sync(FULL, clipped));
  }
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) acc += __shfl_down_sync(FULL, acc, off);
  if (lane == 0) {
    y[row] = acc;
    clip_count[row] = clipped_total;
  }
}
