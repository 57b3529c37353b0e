// cuad: --fn warp_sum --wrt out,in
// Warp-level reduction with __shfl_down_sync; lane 0 of each warp adds its sum atomically.
__global__ void warp_sum(double* out, const double* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double v = i < n ? in[i] * in[i] : 0.0;
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, v);
}
