#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_series_while");
  const int n = 30;
  Rng rng(3126);
  std::vector<double> x = rng.vec(n, -4.0, 4.0), nu = rng.vec(n, 0.2, 2.0), w = rng.vec(2 * n);
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_nu(nu), d_o(2 * n, 0.0);
    CUAD_LAUNCH(bessel_features, 1, 32, d_x.ptr, d_nu.ptr, d_o.ptr, n);
    return dot(w, d_o.get());
  };
  DeviceArray<double> d_x(x), d_nu(nu), d_o(2 * n, 0.0), a_x(zeros<double>(n)), a_nu(zeros<double>(n)),
      a_o(w);
  CUAD_GRAD(CUAD_LAUNCH(bessel_features_grad_0_1_2, 1, 32, d_x.ptr, d_nu.ptr, d_o.ptr, n, a_x.ptr, a_nu.ptr,
                        a_o.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("nu", a_nu.get(), fd(nu, loss));
  check.array("out", a_o.get(), std::vector<double>(2 * n, 0.0));
  return check.finish();
}
