#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw6_state_machine");
  const int npts = 40, nmat = 2;  // 2 blocks of 32 on x (the last one partial), materials on y
  Rng rng(6066);
  std::vector<double> params;
  for (int m = 0; m < nmat; ++m) {
    params.push_back(rng.uniform(50, 100));   // E
    params.push_back(rng.uniform(1, 2));      // yield stress
    params.push_back(rng.uniform(5, 10));     // h0
    params.push_back(rng.uniform(0.3, 0.6));  // hardening exponent
  }
  std::vector<double> strain(nmat * npts);
  for (int m = 0; m < nmat; ++m)
    for (int p = 0; p < npts; ++p) {
      double e;
      do {  // stay away from the yield surface |E eps| = sy (a kink)
        e = rng.uniform(-0.05, 0.05);
      } while (std::fabs(std::fabs(params[m * 4] * e) - params[m * 4 + 1]) < 0.2);
      strain[m * npts + p] = e;
    }
  std::vector<double> s0 = zeros<double>(nmat * npts), w = rng.vec<double>(nmat * npts);
  const dim3 grid(2, nmat);
  auto run = [&](const std::vector<double>& ev, const std::vector<double>& pv) {
    DeviceArray<double> d_e(ev), d_p(pv), d_s(s0);
    DeviceArray<int> d_y(std::vector<int>(2 * nmat, -1));
    CUAD_LAUNCH(plasticity_update, grid, 32, d_e.ptr, d_p.ptr, d_s.ptr, d_y.ptr, npts);
    return d_s.get();
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(strain, params)); };
  DeviceArray<double> d_e(strain), d_p(params), d_s(s0), a_e(zeros<double>(nmat * npts)),
      a_p(zeros<double>(4 * nmat)), a_s(w);
  DeviceArray<int> d_y(std::vector<int>(2 * nmat, -1));
  CUAD_GRAD(CUAD_LAUNCH(plasticity_update_grad_0_1_2, grid, 32, d_e.ptr, d_p.ptr, d_s.ptr,
                        d_y.ptr, npts, a_e.ptr, a_p.ptr, a_s.ptr));
  check.array("strain", a_e.get(), fd(strain, loss));
  check.array("params", a_p.get(), fd(params, loss));
  check.array("stress", a_s.get(), fd(s0, loss));
#else
  std::vector<double> ve = rng.vec<double>(nmat * npts, -0.01, 0.01), vp = rng.vec<double>(4 * nmat);
  auto outputs_at = [&](double t) { return as_doubles(run(along(strain, t, ve), along(params, t, vp))); };
  DeviceArray<double> d_e(strain), d_p(params), d_s(s0), t_e(ve), t_p(vp), t_s(zeros<double>(nmat * npts));
  DeviceArray<int> d_y(std::vector<int>(2 * nmat, -1));
  CUAD_GRAD(CUAD_LAUNCH(plasticity_update_pushforward, grid, 32, d_e.ptr, d_p.ptr, d_s.ptr,
                        d_y.ptr, npts, t_e.ptr, t_p.ptr, t_s.ptr));
  check.array("stress", as_doubles(t_s.get()), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  // the pushforward runs the primal: every block of both materials has yielding points
  std::vector<int> y = d_y.get();
  for (int b = 0; b < 2 * nmat; ++b) check.expect(y[b] == 0 || y[b] == 1, "yield flag written");
#endif
#endif
  return check.finish();
}
