#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_asian_rng");
  const int n_paths = 256, n_steps = 8;
  const double strike = 100.0, r = 0.03, T = 1.0;
  std::vector<double> s0 = {98.0}, sigma = {0.3}, price0 = {0.0};
  const double wp = 0.9;
  auto loss = [&] {
    DeviceArray<double> d_s(s0), d_sig(sigma), d_p(price0);
    CUAD_LAUNCH(asian_call_mc, n_paths / 64, 64, d_s.ptr, d_sig.ptr, strike, r, T, n_steps, n_paths,
                d_p.ptr);
    return wp * d_p.get()[0];
  };
  DeviceArray<double> d_s(s0), d_sig(sigma), d_p(price0), a_s(zeros<double>(1)),
      a_sig(zeros<double>(1)), a_p(std::vector<double>{wp});
  CUAD_GRAD(CUAD_LAUNCH(asian_call_mc_grad_0_1_7, n_paths / 64, 64, d_s.ptr, d_sig.ptr, strike, r, T,
                        n_steps, n_paths, d_p.ptr, a_s.ptr, a_sig.ptr, a_p.ptr));
  check.array("s0", a_s.get(), fd(s0, loss));
  check.array("sigma", a_sig.get(), fd(sigma, loss));
  check.array("price", a_p.get(), fd(price0, loss));
  return check.finish();
}
