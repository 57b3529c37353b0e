// cuad: --fn k --wrt p,y
// cuad: fwd --fn k
// CUDA built-in vector types declared with braced initializers (`const double2 d = {a, b};`,
// `double2 e{a, b}`, `double4 f = {...}`, as in 3D Gaussian Splatting's
// `float2 d = { xy.x - pixf.x, xy.y - pixf.y };`) are assigned component by component. They
// used to be dropped: the variable stayed uninitialized in the gradient and the pushforward.
__global__ void k(const double2* p, double* y, double cx) {
  const int i = threadIdx.x;
  const double2 q = p[i];
  const double2 d = {q.x - cx, q.y * 2.0};
  double2 e{q.y, 1.5};
  double4 f = {q.x, d.y, cx, 1.0};
  y[i] = d.x * d.y + e.x * e.y * f.x + f.y * f.z;
}
