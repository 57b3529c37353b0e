// cuad: --fn k
// cuad: fwd --fn k
// A struct template whose array member's length is a constant expression of the template
// argument (`double m[D * (D + 1) / 2]`, symmetric storage): reverse mode refuses with
// "cannot accumulate the adjoint of the array `_d_S.m`: its length `3 * (3 + 1) / 2` is not
// a number here" (lengths with `/`, `?:` or a static constexpr member are refused, even
// `12 / 2`, also in plain structs with a macro length `m[NV / 2]`; `2 * D`, `D * D`, `D + 3`
// work). Forward mode passes.
template <int D>
struct SymMat {
  double m[D * (D + 1) / 2];
};
__device__ SymMat<3> outer_sym(const double* a) {
  SymMat<3> S;
  S.m[0] = a[0] * a[0];
  S.m[1] = a[1] * a[1];
  S.m[2] = a[2] * a[2];
  S.m[3] = a[1] * a[2];
  S.m[4] = a[0] * a[2];
  S.m[5] = a[0] * a[1];
  return S;
}
__global__ void k(const double* x, double* out) {
  const SymMat<3> S = outer_sym(x);
  double s = 0.0;
  for (int i = 0; i < 6; ++i) s += (i + 1) * S.m[i];
  out[0] = s;
}
