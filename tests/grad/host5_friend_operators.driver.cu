#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Structs as flat arrays of doubles for the checker.
static std::vector<double> flat(const std::vector<Vec3>& v) {
  std::vector<double> out;
  for (const Vec3& p : v) out.insert(out.end(), {p.x, p.y, p.z});
  return out;
}
static std::vector<Vec3> vecs(const std::vector<double>& f) {
  std::vector<Vec3> out(f.size() / 3);
  for (size_t k = 0; k < out.size(); ++k) out[k] = Vec3{f[3 * k], f[3 * k + 1], f[3 * k + 2]};
  return out;
}
static std::vector<double> flat(const std::vector<Complex>& v) {
  std::vector<double> out;
  for (const Complex& z : v) out.insert(out.end(), {z.re, z.im});
  return out;
}
static std::vector<Complex> cplx(const std::vector<double>& f) {
  std::vector<Complex> out(f.size() / 2);
  for (size_t k = 0; k < out.size(); ++k) out[k] = Complex{f[2 * k], f[2 * k + 1]};
  return out;
}

int main() {
  Checker check("host5_friend_operators");
  const int n = 40;
  Rng rng(5403);
  std::vector<double> pos = rng.vec(3 * n), vel = rng.vec(3 * n), c = rng.vec(2 * n);
  double dt = 0.3;
  auto run = [&](const std::vector<double>& p, const std::vector<double>& v,
                 const std::vector<double>& cc, double t) {
    DeviceArray<Vec3> dp(vecs(p)), dv(vecs(v)), dout(std::vector<Vec3>(n, Vec3{0, 0, 0}));
    DeviceArray<Complex> dc(cplx(cc));
    DeviceArray<double> de(zeros<double>(n));
    CUAD_LAUNCH(advance, 2, 32, dp.ptr, dv.ptr, dc.ptr, t, dout.ptr, de.ptr, n);
    std::vector<double> out = flat(dout.get()), e = de.get();
    out.insert(out.end(), e.begin(), e.end());
    return out;
  };
#if CUAD_OUTPUT == 2
  std::vector<double> vp = rng.vec(3 * n), vv = rng.vec(3 * n), vc = rng.vec(2 * n);
  double vdt = 0.7;
  auto outputs_at = [&](double t) {
    return run(along(pos, t, vp), along(vel, t, vv), along(c, t, vc), along(dt, t, vdt));
  };
  DeviceArray<Vec3> dp(vecs(pos)), dv(vecs(vel)), tp(vecs(vp)), tv(vecs(vv));
  DeviceArray<Vec3> dout(std::vector<Vec3>(n, Vec3{0, 0, 0})), tout(std::vector<Vec3>(n, Vec3{0, 0, 0}));
  DeviceArray<Complex> dc(cplx(c)), tc(cplx(vc));
  DeviceArray<double> de(zeros<double>(n)), te(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(advance_pushforward, 2, 32, dp.ptr, dv.ptr, dc.ptr, dt, dout.ptr, de.ptr, n,
                        tp.ptr, tv.ptr, tc.ptr, vdt, tout.ptr, te.ptr));
  std::vector<double> got = flat(tout.get()), e = te.get();
  got.insert(got.end(), e.begin(), e.end());
  check.array("out, energy", got, directional_fd<double>(outputs_at));
#else
  std::vector<double> w = rng.vec(4 * n);
  auto loss = [&] { return dot(w, run(pos, vel, c, dt)); };
  std::vector<double> w_out(w.begin(), w.begin() + 3 * n), w_e(w.begin() + 3 * n, w.end());
  DeviceArray<Vec3> dp(vecs(pos)), dv(vecs(vel)), dout(std::vector<Vec3>(n, Vec3{0, 0, 0}));
  DeviceArray<Complex> dc(cplx(c));
  DeviceArray<double> de(zeros<double>(n));
  DeviceArray<Vec3> a_p(std::vector<Vec3>(n, Vec3{0, 0, 0})), a_v(std::vector<Vec3>(n, Vec3{0, 0, 0}));
  DeviceArray<Vec3> a_out(vecs(w_out));
  DeviceArray<Complex> a_c(std::vector<Complex>(n, Complex{0, 0}));
  DeviceArray<double> a_e(w_e), a_dt(zeros<double>(1));
  CUAD_GRAD(CUAD_LAUNCH(advance_grad_0_1_2_3_4_5, 2, 32, dp.ptr, dv.ptr, dc.ptr, dt, dout.ptr, de.ptr, n,
                        a_p.ptr, a_v.ptr, a_c.ptr, a_dt.ptr, a_out.ptr, a_e.ptr));
  check.array("pos", flat(a_p.get()), fd(pos, loss));
  check.array("vel", flat(a_v.get()), fd(vel, loss));
  check.array("c", flat(a_c.get()), fd(c, loss));
  check.scalar("dt", a_dt.get()[0], fd(dt, loss));
  check.array("out", flat(a_out.get()), std::vector<double>(3 * n, 0.0));
  check.array("energy", a_e.get(), std::vector<double>(n, 0.0));
#endif
  return check.finish();
}
