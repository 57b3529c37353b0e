// cuad: fwd --fn mix
// Mixed precision: float weights promoted to double, a double accumulation over a row, the
// result stored in float through __double2float_rn (a conversion intrinsic: the tangent is
// converted the same way) and a float copy through static_cast.
__global__ void mix(int rows, int cols, const double* x, const float* w, float* y, float* z) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  double acc = 0.0;
  for (int c = 0; c < cols; ++c) acc += x[r * cols + c] * (double)w[c] + 0.1 * x[r * cols + c] * x[r * cols + c];
  y[r] = __double2float_rn(acc / cols);
  z[r] = static_cast<float>(tanh(acc)) * w[r % cols];
}
