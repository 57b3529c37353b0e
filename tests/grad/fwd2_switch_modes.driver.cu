#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_switch_modes");
  const int n = 50, f = 5;
  Rng rng(101);
  std::vector<double> x = rng.vec(n * f), vx = rng.vec(n * f), out0 = zeros<double>(n);
  std::vector<int> mode(7);
  for (int k = 0; k < 7; ++k) mode[k] = k;  // every case, and 5, 6 -> default
  double alpha = 1.3, va = -0.7;
  DeviceArray<int> dmode(mode);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dout(out0);
    CUAD_LAUNCH(activate, 2, 32, dout.ptr, dx.ptr, dmode.ptr, along(alpha, t, va), n, f);
    return as_doubles(dout.get());
  };
  DeviceArray<double> dx(x), d_x(vx), dout(out0), d_out(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(activate_pushforward, 2, 32, dout.ptr, dx.ptr, dmode.ptr, alpha, n, f,
                        d_out.ptr, d_x.ptr, va));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> primal = outputs_at(0.0);
  check.array("out (primal)", as_doubles(dout.get()), primal);
#endif
  return check.finish();
}
