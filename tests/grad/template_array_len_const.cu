// cuad: --fn k
// cuad: fwd --fn k
// Array members whose length is a constant expression cuad evaluates: a quotient of a macro
// (`m[NV / 2]`), a class template's static constant chosen by `?:` (`q[N]` with `static
// constexpr int N = D > 2 ? 4 : 2`), and a quotient of the template argument
// (`s[D * (D + 1) / 2]`); the adjoints of the returned structs are summed element by element.
#define NV 12
struct P {
  double m[NV / 2];
};
template <int D>
struct Q {
  static constexpr int N = D > 2 ? 4 : 2;
  double q[N];
  double s[D * (D + 1) / 2];
};
__device__ P mk(const double* a) {
  P S;
  for (int i = 0; i < 6; ++i) S.m[i] = a[i] * a[i];
  return S;
}
__device__ Q<3> mq(const double* a) {
  Q<3> S;
  for (int i = 0; i < 4; ++i) S.q[i] = a[i] * a[i + 1];
  for (int i = 0; i < 6; ++i) S.s[i] = a[i] + a[5 - i] * a[i];
  return S;
}
__global__ void k(const double* x, double* out) {
  const P S = mk(x);
  const Q<3> T = mq(x);
  double s = 0.0;
  for (int i = 0; i < 6; ++i) s += (i + 1) * S.m[i] - T.s[i] * T.s[i];
  for (int i = 0; i < 4; ++i) s += (i + 1) * T.q[i];
  out[0] = s;
}
