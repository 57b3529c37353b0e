// cuad: --fn pair_kernel --wrt x,y
// A helper that updates one element of its pointer argument in place and reads another it
// does not write: the caller saves the updated element and restores it before the
// pullback re-runs the helper.
__device__ float pair_update(float* x, int i) {
  const float s = x[2 * i] * x[2 * i] + x[2 * i + 1];
  x[2 * i] = x[2 * i] * s;
  return x[2 * i] * x[2 * i + 1];
}

__global__ void pair_kernel(float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = pair_update(x, i);
}
