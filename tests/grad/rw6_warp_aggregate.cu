// cuad: --fn segment_energy --wrt x,out
// cuad: fwd --fn segment_energy --wrt x,out
// Written for cuad in the style of warp-aggregated atomics (the CUDA blog's "warp-aggregated
// atomics" and histogram kernels): lanes with the same key find their peers with
// `__match_any_sync`, the lowest peer (`__ffs(peers) - 1`) is the leader, each lane gathers
// its peers' values with a `__shfl_sync` loop under `#pragma unroll`, and only the leader
// issues the atomicAdd; an `unsigned` counter is bumped once per warp by the lane elected
// from `__activemask()`; out-of-range lanes stay in the warp with key -1.
__global__ void segment_energy(const float* __restrict__ x, const int* __restrict__ seg,
                               float* __restrict__ out, unsigned* __restrict__ warps_seen,
                               int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  const bool ok = i < n;
  const int key = ok ? seg[i] : -1;
  const float v = ok ? x[i] * x[i] + 0.5f * x[i] : 0.f;
  const unsigned peers = __match_any_sync(0xffffffffu, key);
  const int leader = __ffs(peers) - 1;
  float s = 0.f;
#pragma unroll
  for (int l = 0; l < 32; ++l) {
    const float o = __shfl_sync(0xffffffffu, v, l);
    if (peers & (1u << l)) s += o;
  }
  if (ok && lane == leader) atomicAdd(&out[key], s);
  const unsigned active = __activemask();
  if (lane == __ffs(active) - 1) atomicAdd(warps_seen, 1u);
}
