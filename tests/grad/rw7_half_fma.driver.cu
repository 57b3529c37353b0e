#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Central differences on 16-bit inputs: multiples of 1/16 in [-1, 1] and coefficients with
// few significant bits keep every intermediate exact in __half, and x +- 1/16 too; the output
// is a polynomial of degree 3 in each input, so the 1/16 step's error is O(h^2).
template <class F>
std::vector<double> fd16(std::vector<float>& v, F&& loss) {
  return fd_fixed_step(v, loss, 1.0 / 16);
}

std::vector<__half> to16(const std::vector<float>& v) {
  std::vector<__half> out;
  for (float f : v) out.push_back(__half(f));
  return out;
}

std::vector<float> from16(const std::vector<__half>& v) {
  std::vector<float> out;
  for (const __half& h : v) out.push_back(float(h));
  return out;
}

int main() {
  Checker check("rw7_half_fma");
  const int n = 40;
  const float scale = 1.5f;
  Rng rng(7009);
  std::vector<float> x(n), coef = {0.5f, -0.25f, 0.75f}, out = zeros<float>(n),
                           w = rng.vec<float>(n);
  for (int i = 0; i < n; ++i) x[i] = (float)((i * 7) % 33 - 16) / 16.f;
  const Tol tol{2e-2, 2e-2};  // the adjoints of the halves are accumulated in 16 bits
  auto run = [&](const std::vector<float>& xv, const std::vector<float>& cv) {
    DeviceArray<__half> d_x(to16(xv)), d_c(to16(cv));
    DeviceArray<float> d_o(out);
    CUAD_LAUNCH(half_poly, 2, 32, d_x.ptr, d_c.ptr, d_o.ptr, scale, n);
    return d_o.get();
  };
  DeviceArray<__half> d_x(to16(x)), d_c(to16(coef));
  DeviceArray<float> d_o(out);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x, coef)); };
  DeviceArray<__half> a_x(to16(zeros<float>(n))), a_c(to16(zeros<float>(3)));
  DeviceArray<float> a_o(w);
  CUAD_GRAD(CUAD_LAUNCH(half_poly_grad_0_1_2, 2, 32, d_x.ptr, d_c.ptr, d_o.ptr, scale, n, a_x.ptr,
                        a_c.ptr, a_o.ptr));
  check.array("x", from16(a_x.get()), fd16(x, loss), tol);
  check.array("coef", from16(a_c.get()), fd16(coef, loss), Tol{0.1, 2e-2});
  check.array("out", a_o.get(), fd(out, loss));
#else
  std::vector<float> vx(n), vc = {0.5f, -0.5f, 1.f};
  for (int i = 0; i < n; ++i) vx[i] = (float)(i % 5 - 2) / 2.f;
  const double h = 1.0 / 16;
  std::vector<float> yp = run(along(x, h, vx), along(coef, h, vc)),
                     ym = run(along(x, -h, vx), along(coef, -h, vc));
  std::vector<double> dir(n);
  for (int i = 0; i < n; ++i) dir[i] = ((double)yp[i] - ym[i]) / (2 * h);
  DeviceArray<__half> t_x(to16(vx)), t_c(to16(vc));
  DeviceArray<float> t_o(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(half_poly_pushforward_0_1_2, 2, 32, d_x.ptr, d_c.ptr, d_o.ptr, scale, n,
                        t_x.ptr, t_c.ptr, t_o.ptr));
  check.array("out", as_doubles(t_o.get()), dir, tol);
#endif
  return check.finish();
}
