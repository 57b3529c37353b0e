#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_kepler");
  const int n = 50;
  Rng rng(215);
  std::vector<double> M = rng.vec(n, 0.1, 6.0), e = rng.vec(n, 0.0, 0.7), pf = rng.vec(2 * n),
                      w = rng.vec(2 * n);
  double a = 1.3;
  auto to2 = [](const std::vector<double>& v) {
    std::vector<double2> o(v.size() / 2);
    for (size_t i = 0; i < o.size(); ++i) o[i] = make_double2(v[2 * i], v[2 * i + 1]);
    return o;
  };
  auto from2 = [](const std::vector<double2>& v) {
    std::vector<double> o(2 * v.size());
    for (size_t i = 0; i < v.size(); ++i) {
      o[2 * i] = v[i].x;
      o[2 * i + 1] = v[i].y;
    }
    return o;
  };
  auto loss = [&] {
    DeviceArray<double2> d_p(to2(pf));
    DeviceArray<double> d_M(M), d_e(e);
    CUAD_LAUNCH(kepler_positions, 2, 16, d_p.ptr, d_M.ptr, d_e.ptr, a, n);
    return dot(w, from2(d_p.get()));
  };
  DeviceArray<double2> d_p(to2(pf)), a_p(to2(w));
  DeviceArray<double> d_M(M), d_e(e), a_M(zeros<double>(n)), a_e(zeros<double>(n));
  DeviceScalar<double> a_a;
  CUAD_GRAD(CUAD_LAUNCH(kepler_positions_grad_0_1_2_3, 2, 16, d_p.ptr, d_M.ptr, d_e.ptr, a, n,
                        a_p.ptr, a_M.ptr, a_e.ptr, a_a.ptr));
  check.array("xy", from2(a_p.get()), fd(pf, loss));
  check.array("M", a_M.get(), fd(M, loss));
  check.array("ecc", a_e.get(), fd(e, loss));
  check.scalar("a", a_a.value(), fd(a, loss));
  return check.finish();
}
