// cuad: fwd --fn seg_scan
// Warp primitives with a width: a segmented inclusive scan over groups of 8 lanes with
// __shfl_up_sync(..., 8), a broadcast from each segment's last lane with __shfl_sync(v,
// src, 8), a __ballot_sync/__popc count (no derivative) scaling the result, and a butterfly
// max over the warp with __shfl_xor_sync and fmaxf; two warps per block, a partial last warp
// masked by the bounds check (every lane still takes part in the shuffles).
__global__ void seg_scan(int n, const float* x, float* y, float* wmax) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  float v = i < n ? x[i] : 0.f;
  for (int d = 1; d < 8; d <<= 1) {
    float t = __shfl_up_sync(0xffffffffu, v, d, 8);
    if ((lane & 7) >= d) v += t;
  }
  float total = __shfl_sync(0xffffffffu, v, 7, 8);
  unsigned pos = __ballot_sync(0xffffffffu, v > 0.f);
  float mx = v;
  for (int o = 16; o > 0; o >>= 1) mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, o));
  if (i < n) {
    y[i] = v * total + 0.01f * __popc(pos) * v;
    if (lane == 0) wmax[i / 32] = mx;
  }
}
