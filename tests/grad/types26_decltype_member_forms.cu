// cuad: --fn k --wrt x,out
// cuad: fwd --fn k --wrt x,out
// decltype of a member access through an alias, a const reference and an arrow is the member's declared type (a copy that may be assigned); parenthesized it is a reference.
struct Pose2 {
  double x, y;
};
__device__ double g(const Pose2& q, const Pose2* r, double w) {
  using T = decltype(q.x);
  T s = q.x;
  s = s * w;
  decltype(r->y) t = r->y;
  t = t * w;
  decltype((q.y)) ry = q.y;
  return s + t + q.x + ry * w;
}
__global__ void k(int n, const double* __restrict__ x, double* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Pose2 p{x[2 * i], x[2 * i + 1]};
  out[i] = g(p, &p, x[2 * i + 1]) + p.y;
}
