#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22e_lj_half_nlist");
  const int n = 40;
  const double box = 4.0, rlist = 1.5 + 0.3;
  Rng rng(22504);
  // random positions with a minimum separation (no huge forces)
  std::vector<double> x, y, z;
  auto mind = [&](double a) { return a - box * std::rint(a / box); };
  while ((int)x.size() < n) {
    const double px = rng.uniform(0, box), py = rng.uniform(0, box), pz = rng.uniform(0, box);
    bool ok = true;
    for (size_t k = 0; k < x.size(); ++k) {
      const double dx = mind(px - x[k]), dy = mind(py - y[k]), dz = mind(pz - z[k]);
      if (dx * dx + dy * dy + dz * dz < 0.62 * 0.62) ok = false;
    }
    if (ok) {
      x.push_back(px);
      y.push_back(py);
      z.push_back(pz);
    }
  }
  // half list with skin: pairs j > i within rlist
  std::vector<int> off = {0}, lst;
  int beyond = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      const double dx = mind(x[i] - x[j]), dy = mind(y[i] - y[j]), dz = mind(z[i] - z[j]);
      const double r = std::sqrt(dx * dx + dy * dy + dz * dz);
      if (r < rlist) {
        lst.push_back(j);
        if (r >= 1.5) ++beyond;
      }
    }
    off.push_back((int)lst.size());
  }
  check.expect(beyond > 0, "some listed pairs lie beyond the cutoff");
  double eps = 0.9, sigma = 0.6;
  std::vector<double> fx = zeros<double>(n), fy = zeros<double>(n), fz = zeros<double>(n);
  double e0 = 0.0, v0 = 0.0;
  DeviceArray<int> doff(off), dlst(lst);
#if CUAD_OUTPUT == 1
  const std::vector<double> wx = rng.vec(n), wy = rng.vec(n), wz = rng.vec(n);
  const double we = 0.6, wv = -0.3;
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y), dz(z), dfx(fx), dfy(fy), dfz(fz);
    DeviceScalar<double> de(e0), dv(v0);
    CUAD_LAUNCH(lj_half_nlist, 2, 16, n, dx.ptr, dy.ptr, dz.ptr, doff.ptr, dlst.ptr, eps, sigma,
                box, dfx.ptr, dfy.ptr, dfz.ptr, de.ptr, dv.ptr);
    return dot(wx, dfx.get()) + dot(wy, dfy.get()) + dot(wz, dfz.get()) + we * de.value() +
           wv * dv.value();
  };
  DeviceArray<double> dx(x), dy(y), dz(z), dfx(fx), dfy(fy), dfz(fz), gx(zeros<double>(n)),
      gy(zeros<double>(n)), gz(zeros<double>(n)), gfx(wx), gfy(wy), gfz(wz);
  DeviceScalar<double> de(e0), dv(v0), geps(0.0), gsig(0.0), ge(we), gv(wv);
  CUAD_GRAD(CUAD_LAUNCH(lj_half_nlist_grad_1_2_3_6_7_9_10_11_12_13, 2, 16, n, dx.ptr, dy.ptr,
                        dz.ptr, doff.ptr, dlst.ptr, eps, sigma, box, dfx.ptr, dfy.ptr, dfz.ptr,
                        de.ptr, dv.ptr, gx.ptr, gy.ptr, gz.ptr, geps.ptr, gsig.ptr, gfx.ptr,
                        gfy.ptr, gfz.ptr, ge.ptr, gv.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), fd(y, loss));
  check.array("z", gz.get(), fd(z, loss));
  check.scalar("eps", geps.value(), fd(eps, loss));
  check.scalar("sigma", gsig.value(), fd(sigma, loss));
  check.array("fx", gfx.get(), fd(fx, loss));
  check.array("fy", gfy.get(), fd(fy, loss));
  check.array("fz", gfz.get(), fd(fz, loss));
  check.scalar("energy", ge.value(), fd(e0, loss));
  check.scalar("virial", gv.value(), fd(v0, loss));
#else
  const std::vector<double> tx = rng.vec(n), ty = rng.vec(n), tz = rng.vec(n), tfx = rng.vec(n),
                            tfy = rng.vec(n), tfz = rng.vec(n);
  const double teps = 0.3, tsig = -0.05, tbox = 0.1, te = 0.2, tv = -0.4;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, tx)), dy(along(y, t, ty)), dz(along(z, t, tz)),
        dfx(along(fx, t, tfx)), dfy(along(fy, t, tfy)), dfz(along(fz, t, tfz));
    DeviceScalar<double> de(along(e0, t, te)), dv(along(v0, t, tv));
    CUAD_LAUNCH(lj_half_nlist, 2, 16, n, dx.ptr, dy.ptr, dz.ptr, doff.ptr, dlst.ptr,
                along(eps, t, teps), along(sigma, t, tsig), along(box, t, tbox), dfx.ptr, dfy.ptr,
                dfz.ptr, de.ptr, dv.ptr);
    std::vector<double> o = dfx.get(), a = dfy.get(), b = dfz.get();
    o.insert(o.end(), a.begin(), a.end());
    o.insert(o.end(), b.begin(), b.end());
    o.push_back(de.value());
    o.push_back(dv.value());
    return o;
  };
  DeviceArray<double> dx(x), dy(y), dz(z), dfx(fx), dfy(fy), dfz(fz), d_x(tx), d_y(ty), d_z(tz),
      d_fx(tfx), d_fy(tfy), d_fz(tfz);
  DeviceScalar<double> de(e0), dv(v0), d_e(te), d_v(tv);
  CUAD_GRAD(CUAD_LAUNCH(lj_half_nlist_pushforward, 2, 16, n, dx.ptr, dy.ptr, dz.ptr, doff.ptr,
                        dlst.ptr, eps, sigma, box, dfx.ptr, dfy.ptr, dfz.ptr, de.ptr, dv.ptr, d_x.ptr,
                        d_y.ptr, d_z.ptr, teps, tsig, tbox, d_fx.ptr, d_fy.ptr, d_fz.ptr, d_e.ptr,
                        d_v.ptr));
  std::vector<double> tang = d_fx.get(), a = d_fy.get(), b = d_fz.get();
  tang.insert(tang.end(), a.begin(), a.end());
  tang.insert(tang.end(), b.begin(), b.end());
  tang.push_back(d_e.value());
  tang.push_back(d_v.value());
  check.array("forces, energy, virial tangent", tang, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
