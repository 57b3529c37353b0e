// cuad: --fn warp_scan --wrt out,x
// Inclusive prefix sum inside each warp with `__shfl_up_sync` (lanes below `offset` keep
// their value), applied to a nonlinear per-element value; the scan's reverse sends each
// lane's adjoint down to the lanes it read from.
__global__ void warp_scan(float* out, const float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  float v = 0.0f;
  if (i < n) {
    v = x[i] * x[i] + sinf(x[i]);
  }
  for (int offset = 1; offset < 32; offset <<= 1) {
    float up = __shfl_up_sync(0xffffffffu, v, offset);
    if (lane >= offset) {
      v += up;
    }
  }
  if (i < n) {
    out[i] = v * (1.0f + 0.1f * lane);
  }
}
