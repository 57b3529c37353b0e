// cuad: fwd --fn warp_dot
// A warp-shuffle reduction: the tangent is shuffled by the same lanes.
__global__ void warp_dot(int n, const double* x, const double* y, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double v = i < n ? x[i] * y[i] : 0.0;
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  double total = __shfl_sync(0xffffffff, v, 0);
  if (i < n) out[i] = total * x[i];
}
