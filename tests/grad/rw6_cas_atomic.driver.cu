#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw6_cas_atomic");
  Rng rng(6069);
#if CUAD_OUTPUT == 3
  const int n = 70;
  std::vector<float> v = rng.vec<float>(n), total = rng.vec<float>(1);
  auto loss = [&] {
    DeviceArray<float> d_v(v), d_t(total);
    CUAD_LAUNCH(float_total, 3, 32, d_v.ptr, d_t.ptr, n);
    return -0.6 * d_t.get()[0];
  };
  DeviceArray<float> d_v(v), d_t(total), a_v(zeros<float>(n)), a_t(std::vector<float>{-0.6f});
  CUAD_GRAD(CUAD_LAUNCH(float_total_grad_0_1, 3, 32, d_v.ptr, d_t.ptr, n, a_v.ptr, a_t.ptr));
  check.array("v", a_v.get(), fd(v, loss));
  check.array("total", a_t.get(), fd(total, loss));
#else
  const size_t n = 75;  // 3 blocks of 32, the last one partial
  const int nbins = 5;
  std::vector<double> x = rng.vec<double>(n), w = rng.vec<double>(4), energy = rng.vec<double>(1),
                      bins = rng.vec<double>(nbins), wb = rng.vec<double>(nbins);
  const double we = 0.9;
  auto run = [&](const std::vector<double>& xv, const std::vector<double>& wv,
                 const std::vector<double>& ev, const std::vector<double>& bv) {
    DeviceArray<double> d_x(xv), d_w(wv), d_e(ev), d_b(bv);
    CUAD_LAUNCH(weighted_energy, 3, 32, d_x.ptr, d_w.ptr, d_e.ptr, d_b.ptr, n, nbins);
    std::vector<double> out = d_b.get();
    out.push_back(d_e.get()[0]);
    return out;
  };
  std::vector<double> wout = wb;
  wout.push_back(we);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(wout, run(x, w, energy, bins)); };
  DeviceArray<double> d_x(x), d_w(w), d_e(energy), d_b(bins), a_x(zeros<double>(n)),
      a_w(zeros<double>(4)), a_e(std::vector<double>{we}), a_b(wb);
  CUAD_GRAD(CUAD_LAUNCH(weighted_energy_grad_0_1_2_3, 3, 32, d_x.ptr, d_w.ptr, d_e.ptr, d_b.ptr, n,
                        nbins, a_x.ptr, a_w.ptr, a_e.ptr, a_b.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("w", a_w.get(), fd(w, loss));
  check.array("energy", a_e.get(), fd(energy, loss));
  check.array("bins", a_b.get(), fd(bins, loss));
#else
  std::vector<double> vx = rng.vec<double>(n), vw = rng.vec<double>(4), ve = rng.vec<double>(1),
                      vb = rng.vec<double>(nbins);
  auto outputs_at = [&](double t) {
    return run(along(x, t, vx), along(w, t, vw), along(energy, t, ve), along(bins, t, vb));
  };
  DeviceArray<double> d_x(x), d_w(w), d_e(energy), d_b(bins), t_x(vx), t_w(vw), t_e(ve), t_b(vb);
  CUAD_GRAD(CUAD_LAUNCH(weighted_energy_pushforward, 3, 32, d_x.ptr, d_w.ptr, d_e.ptr, d_b.ptr, n,
                        nbins, t_x.ptr, t_w.ptr, t_e.ptr, t_b.ptr));
  std::vector<double> got = t_b.get();
  got.push_back(t_e.get()[0]);
  check.array("bins, energy", got, directional_fd<double>(outputs_at));
#endif
#endif
  return check.finish();
}
