// cuad: --fn k
// cuad: fwd --fn k
// A class template partial specialization (`template <class T> struct Vec<T, 3> { T x, y, z; }`)
// used as a local: cuad treats its fields as carrying no derivative, so the gradient of x is
// zero and the tangent of out is zero (no diagnostic). The primary template has no definition.
template <class T, int D>
struct Vec;
template <class T>
struct Vec<T, 3> {
  T x, y, z;
};
__global__ void k(const double* x, double* out) {
  Vec<double, 3> v{x[0], x[1], x[2]};
  out[0] = v.x * v.x + v.y * v.z;
}
