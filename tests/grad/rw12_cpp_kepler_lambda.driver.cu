#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<Elements> to_elems(const std::vector<double>& f) {
  std::vector<Elements> e(f.size() / 4);
  for (size_t i = 0; i < e.size(); ++i) e[i] = Elements{f[4 * i], f[4 * i + 1], f[4 * i + 2], f[4 * i + 3]};
  return e;
}
static std::vector<double> flat(const std::vector<Elements>& e) {
  std::vector<double> f(4 * e.size());
  for (size_t i = 0; i < e.size(); ++i) {
    f[4 * i] = e[i].a; f[4 * i + 1] = e[i].e; f[4 * i + 2] = e[i].M0; f[4 * i + 3] = e[i].nm;
  }
  return f;
}

int main() {
  Checker check("rw12_cpp_kepler_lambda");
  const int n = 45;
  Rng rng(1206);
  std::vector<double> el(4 * n);
  for (int i = 0; i < n; ++i) {
    el[4 * i] = rng.uniform(0.5, 3.0);
    el[4 * i + 1] = (i % 9 == 4) ? rng.uniform(1e-4, 5e-4)               // near-circular shortcut
                    : (i % 9 == 7) ? rng.uniform(0.82, 0.9) : rng.uniform(0.05, 0.7);
    el[4 * i + 2] = rng.uniform(-3.0, 3.0);
    el[4 * i + 3] = rng.uniform(0.2, 1.2);
  }
  double t = 1.7;
  std::vector<double> xy0 = rng.vec(2 * n);
  std::vector<int> it0(n, 0);
  auto run = [&](const std::vector<double>& e, double tt) {
    DeviceArray<Elements> de(to_elems(e));
    DeviceArray<double> dxy(xy0);
    DeviceArray<int> dit(it0);
    CUAD_LAUNCH(kepler_orbits, 2, 32, de.ptr, tt, dxy.ptr, dit.ptr, n);
    return dxy.get();
  };
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(2 * n);
  auto loss = [&] { return dot(w, run(el, t)); };
  DeviceArray<Elements> de(to_elems(el)), ae(to_elems(zeros<double>(4 * n)));
  DeviceArray<double> dxy(xy0), axy(w);
  DeviceArray<int> dit(it0);
  DeviceScalar<double> at(0.0);
  CUAD_GRAD(CUAD_LAUNCH(kepler_orbits_grad_0_1_2, 2, 32, de.ptr, t, dxy.ptr, dit.ptr, n, ae.ptr, at.ptr,
                        axy.ptr));
  check.array("elems", flat(ae.get()), fd(el, loss));
  check.scalar("t", at.value(), fd(t, loss));
  check.array("xy", axy.get(), fd(xy0, loss));
#else
  std::vector<double> vel = rng.vec(4 * n, -0.01, 0.01);
  double vt = 0.3;
  auto outputs_at = [&](double s) { return run(along(el, s, vel), along(t, s, vt)); };
  DeviceArray<Elements> de(to_elems(el)), te(to_elems(vel));
  DeviceArray<double> dxy(xy0), txy(zeros<double>(2 * n));
  DeviceArray<int> dit(it0);
  CUAD_GRAD(CUAD_LAUNCH(kepler_orbits_pushforward, 2, 32, de.ptr, t, dxy.ptr, dit.ptr, n, te.ptr, vt,
                        txy.ptr));
  check.array("xy", txy.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
