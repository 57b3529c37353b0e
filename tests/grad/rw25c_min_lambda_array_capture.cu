// cuad: --fn k
// A lambda that captures a local array by reference (`[&]`) and adds into it: refused with
// "cuad cannot differentiate a lambda capturing the array `acc` yet" (shared arrays too).
__global__ void k(int n, const double* x, double* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double acc[3] = {0.0, 0.0, 0.0};
  auto add = [&](int c, double v) { acc[c] += v * v; };
  for (int c = 0; c < 3; ++c) add(c, x[3 * i + c]);
  out[i] = acc[0] + 2.0 * acc[1] + 3.0 * acc[2];
}
