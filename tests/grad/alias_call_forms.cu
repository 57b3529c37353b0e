// cuad: --fn k
// cuad: fwd --fn k
// Straight-line calls of helpers given one local (or one element of a local array) for an
// input and an output parameter: by value and by reference, through references, through
// pointers (`f(&v, a, &v)`), a reference and a pointer (`mix(w, &w)`), two outputs each
// aliasing an input (`rot(u, v, c, s, u, v)`: the second output reads the rotated first),
// and a function template. The pullback must see the input and the output as one object.
__device__ void sq_add(const double& x, double a, double& out) { out = a * x + x * x; }
__device__ void sq_add_val(double x, double a, double& out) { out = a * x + x * x; }
__device__ void sq_add_ptr(const double* x, double a, double* out) { *out = a * *x + *x * *x; }
__device__ void mix(const double& x, double* out) { *out = sin(x) * x; }
__device__ void rot(const double& x, const double& y, double c, double s, double& xo,
                    double& yo) {
  xo = c * x - s * y;
  yo = s * x + c * y;
}
template <typename T>
__device__ void tsq(const T& x, T& out) {
  out = x * x + T(1);
}

__global__ void k(const double* p, double* out, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double u = p[3 * i], v = p[3 * i + 1], w = p[3 * i + 2];
  double y[2] = {u * w, w + 0.5};
  sq_add_val(u, a, u);
  sq_add_ptr(&v, a, &v);
  sq_add(y[0], a, y[0]);
  mix(w, &w);
  rot(u, v, cos(a), sin(a), u, v);
  tsq(y[1], y[1]);
  out[3 * i] = u * y[1];
  out[3 * i + 1] = v + y[0];
  out[3 * i + 2] = w * u;
}
