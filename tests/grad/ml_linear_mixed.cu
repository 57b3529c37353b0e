// cuad: --fn linear_fwd --wrt y,x,W,b
// Linear layer y = x W^T + b with float storage and double accumulation, one thread per
// output element on a 2D grid.
__global__ void linear_fwd(float* __restrict__ y, const float* __restrict__ x, const float* __restrict__ W,
                           const float* __restrict__ b, int B, int IN, int OUT) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r >= B || o >= OUT) return;
  double acc = static_cast<double>(b[o]);
  for (int k = 0; k < IN; ++k) acc += static_cast<double>(x[r * IN + k]) * W[o * IN + k];
  y[r * OUT + o] = static_cast<float>(acc);
}
