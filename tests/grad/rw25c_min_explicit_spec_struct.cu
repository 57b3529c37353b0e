// cuad: --fn k
// cuad: fwd --fn k
// An explicit (full) specialization of a class template, `template <> struct Vec<double, 2>`,
// whose method differs from the primary template's (an anisotropic metric): cuad
// differentiates the primary template's `sq()` body for Vec<double, 2> (grad and fwd, no
// diagnostic): silently wrong. (With a different layout in the specialization, e.g.
// `double x, y;`, the generated code uses the primary's fields `u.e[0]` and does not compile.)
template <class T, int D>
struct Vec {
  T e[D];
  __device__ T sq() const {
    T s = 0;
    for (int i = 0; i < D; ++i) s += e[i] * e[i];
    return s;
  }
};
template <>
struct Vec<double, 2> {
  double e[2];
  __device__ double sq() const { return e[0] * e[0] + 3.0 * e[1] * e[1]; }
};
__global__ void k(const double* x, double* out) {
  Vec<double, 2> u{x[0], x[1]};
  out[0] = 2.0 * u.sq();
}
