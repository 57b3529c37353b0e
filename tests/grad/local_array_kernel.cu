// cuad: --fn window_product --wrt out,in
// A per-thread local array filled from a wrapped window of the input, then combined with
// overwrites of its own entries.
__global__ void window_product(double* out, const double* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double buf[4];
    for (int k = 0; k < 4; ++k) buf[k] = in[(i + k) % n] * (k + 1);
    for (int k = 1; k < 4; ++k) buf[k] = buf[k] * buf[k - 1] + 0.1;
    out[i] = buf[3] - buf[0];
  }
}
