// cuad: --fn rotate --wrt y,x
// Warp shuffles whose lane argument differs between lanes: a rotation (`__shfl_sync` from
// lane + 1), a broadcast from lane / 4 * 4 with width 8, an xor with a lane-dependent mask,
// and `__shfl_down_sync` by a per-lane delta. Lanes that several lanes read from collect all
// their adjoints.
__global__ void rotate(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  double v = sin(x[i]);
  double r = __shfl_sync(0xffffffff, v, (lane + 1) & 31);
  double b = __shfl_sync(0xffffffff, v * v, lane / 4 * 4, 8);
  double z = __shfl_xor_sync(0xffffffff, v, lane & 3);
  double d = __shfl_down_sync(0xffffffff, v, lane % 3);
  if (i < n) y[i] = r * v + b * x[i] + z * r + d;
}
