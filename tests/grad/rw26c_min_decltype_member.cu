// cuad: --fn k --wrt x,out
// cuad: fwd --fn k --wrt x,out
// Minimal repro (silent wrong gradient, both modes): `decltype(p.x) s = p.x;` declares a
// copy (decltype of an unparenthesized member access is the member's declared type, double),
// but cuad treats `s` as a reference to p.x: the gradient and the pushforward replace `s` by
// `p.x` (`s = s * x1` becomes `p.x = p.x * x1`), so out = p.x + 3 s is differentiated as
// 4 x0 x1 instead of x0 + 3 x0 x1. The pushforward's primal results are wrong too. With
// `double s = p.x;` both modes are right; `using T = decltype(p.x); T s = p.x;` is wrong the
// same way, while decltype of a variable or of `arr[0]` (a real reference) is handled.
struct Pose2 {
  double x, y;
};

__global__ void k(int n, const double* __restrict__ x, double* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Pose2 p{x[2 * i], x[2 * i + 1]};
  decltype(p.x) s = p.x;
  s = s * x[2 * i + 1];
  out[i] = p.x + 3.0 * s;
}
