#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
constexpr int DIM = 2;
#else
constexpr int DIM = 3;
#endif

int main() {
  Checker check("rw22b_spring_chain");
  const int n = 37;  // nodes; n - 1 springs; 2 blocks of 32
  Rng rng(22004);
  std::vector<double> x(DIM * n);
  for (int i = 0; i < n; ++i)  // a wavy chain: neighbours ~0.5 apart, never on top of each other
    for (int d = 0; d < DIM; ++d) x[DIM * i + d] = (d == 0 ? 0.5 * i : 0.0) + rng.uniform(-0.2, 0.2);
  std::vector<double> rest = rng.vec(n - 1, 0.3, 0.7), stiff = rng.vec(n - 1, 5.0, 20.0),
                      f = rng.vec(DIM * n), w = rng.vec(DIM * n);
  double mass = 0.7;
  auto run = [&](const std::vector<double>& xv, const std::vector<double>& rv,
                 const std::vector<double>& sv, double m) {
    DeviceArray<double> dx(xv), dr(rv), ds(sv), df(f);
    CUAD_LAUNCH((spring_forces<double, DIM>), 2, 32, dx.ptr, dr.ptr, ds.ptr, m, df.ptr, n);
    return df.get();
  };
  DeviceArray<double> dx(x), dr(rest), ds(stiff), df(f);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x, rest, stiff, mass)); };
  DeviceArray<double> a_x(zeros<double>(DIM * n)), a_r(zeros<double>(n - 1)),
      a_s(zeros<double>(n - 1)), a_f(w);
  DeviceScalar<double> a_m(0.0);
  CUAD_GRAD(CUAD_LAUNCH((spring_forces_grad_0_1_2_3_4<double, DIM>), 2, 32, dx.ptr, dr.ptr,
                        ds.ptr, mass, df.ptr, n, a_x.ptr, a_r.ptr, a_s.ptr, a_m.ptr, a_f.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("rest", a_r.get(), fd(rest, loss));
  check.array("stiff", a_s.get(), fd(stiff, loss));
  check.scalar("mass", a_m.value(), fd(mass, loss));
  check.array("f (only written)", a_f.get(), std::vector<double>(DIM * n, 0.0));
#else
  std::vector<double> vx = rng.vec(DIM * n), vr = rng.vec(n - 1), vs = rng.vec(n - 1);
  const double vm = 0.4;
  auto outputs_at = [&](double t) {
    return run(along(x, t, vx), along(rest, t, vr), along(stiff, t, vs), along(mass, t, vm));
  };
  DeviceArray<double> t_x(vx), t_r(vr), t_s(vs), t_f(zeros<double>(DIM * n));
  CUAD_GRAD(CUAD_LAUNCH((spring_forces_pushforward<double, DIM>), 2, 32, dx.ptr, dr.ptr, ds.ptr,
                        mass, df.ptr, n, t_x.ptr, t_r.ptr, t_s.ptr, vm, t_f.ptr));
  check.array("f", t_f.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
