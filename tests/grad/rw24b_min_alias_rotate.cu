// cuad: --fn krot
// cuad: fwd --fn krot
// Minimal: a helper with two outputs written one after the other, the second reading an
// input that the first output aliases (`rotate(a, b, c, s, a, b)`: yo = s * x + c * y then
// reads the already rotated x). In a loop the caller saves and restores a and b (unlike the
// straight-line call of rw24b_min_alias_inout), but it calls the pullback with copies
// `_c0`, `_c1` as the outputs, so the pullback's recomputation and its adjoints see the
// unaliased function: the adjoint of the angle is silently wrong (the adjoints of p happen
// to be right because the adjoint pointers alias too). Forward mode is right.
__device__ void rotate(const double& x, const double& y, double c, double s, double& xo, double& yo) {
  xo = c * x - s * y;
  yo = s * x + c * y;
}

__global__ void krot(const double* p, double* out, double ang, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double a = p[2 * i], b = p[2 * i + 1];
  for (int s = 0; s < 2; ++s) rotate(a, b, cos(ang), sin(ang), a, b);
  out[2 * i] = a * b;
  out[2 * i + 1] = b;
}
