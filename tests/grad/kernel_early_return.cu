// cuad: --fn leaky --wrt out,in,slope
// Guard `if (i >= n) return;` and a second, data-dependent early return.
__global__ void leaky(double* out, const double* in, double slope, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double v = in[i];
  if (v < 0.0) {
    out[i] = slope * v;
    return;
  }
  out[i] = v * v + v;
}
