// cuad: --fn dot_many<128> --wrt res,a,b
// Dot product with the standard two-level block reduction: grid-stride partial sums,
// __shfl_down_sync within each warp, one __shared__ slot per warp, then the first warp reduces
// the slots (lanes past the warp count read 0) and lane 0 adds the block's sum atomically.
template <int BS>
__global__ void dot_many(double* res, const double* a, const double* b, int n) {
  __shared__ double warp_part[BS / 32];
  double s = 0.0;
  for (int i = blockIdx.x * BS + threadIdx.x; i < n; i += BS * gridDim.x) s += a[i] * b[i];
  for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffff, s, o);
  const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
  if (lane == 0) warp_part[wid] = s;
  __syncthreads();
  if (wid == 0) {
    s = lane < BS / 32 ? warp_part[lane] : 0.0;
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffff, s, o);
    if (lane == 0) atomicAdd(res, s);
  }
}
