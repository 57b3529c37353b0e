#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_lj_nlist_while");
  const int side = 3, n = side * side * side;
  const double rc = 1.3, skin = 2.0;
  Rng rng(3107);
  std::vector<double> p(3 * n);
  for (int a = 0; a < n; ++a) {
    p[3 * a] = (a % side) * 1.1 + rng.uniform(-0.05, 0.05);
    p[3 * a + 1] = (a / side % side) * 1.1 + rng.uniform(-0.05, 0.05);
    p[3 * a + 2] = (a / (side * side)) * 1.1 + rng.uniform(-0.05, 0.05);
  }
  // the list holds pairs within the skin radius; keep pair distances away from the cutoff
  std::vector<int> start(n + 1, 0), nbr;
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b < n; ++b) {
      if (a == b) continue;
      double d2 = 0;
      for (int c = 0; c < 3; ++c) d2 += (p[3 * a + c] - p[3 * b + c]) * (p[3 * a + c] - p[3 * b + c]);
      if (d2 < skin * skin) nbr.push_back(b);
      if (std::fabs(std::sqrt(d2) - rc) < 0.01) {
        std::printf("pair at the cutoff: reseed\n");
        return 1;
      }
    }
    start[a + 1] = (int)nbr.size();
  }
  std::vector<double> eps = {0.8}, sigma = {1.0}, we = rng.vec(n), wf = rng.vec(3 * n);
  DeviceArray<int> d_s(start), d_n(nbr);
  auto to3 = [&] {
    std::vector<double3> v(n);
    for (int a = 0; a < n; ++a) v[a] = make_double3(p[3 * a], p[3 * a + 1], p[3 * a + 2]);
    return v;
  };
#if CUAD_OUTPUT == 2
  std::vector<double> vp = rng.vec(3 * n, -0.01, 0.01), veps = {0.3}, vsig = {-0.02};
  auto outputs_at = [&](double t) {
    std::vector<double> keep = p;
    p = along(keep, t, vp);
    DeviceArray<double3> d_p(to3());
    p = keep;
    DeviceArray<double> d_eps(along(eps, t, veps)), d_sig(along(sigma, t, vsig)), d_e(n, 0.0),
        d_f(3 * n, 0.0);
    CUAD_LAUNCH(lj_energy_forces, 1, 32, d_p.ptr, d_s.ptr, d_n.ptr, d_eps.ptr, d_sig.ptr, rc,
                d_e.ptr, d_f.ptr, n);
    std::vector<double> out = d_e.get(), f = d_f.get();
    out.insert(out.end(), f.begin(), f.end());
    return out;
  };
  std::vector<double> keep = p;
  p = vp;
  DeviceArray<double3> t_p(to3());
  p = keep;
  DeviceArray<double3> d_p(to3());
  DeviceArray<double> d_eps(eps), d_sig(sigma), d_e(n, 0.0), d_f(3 * n, 0.0), t_eps(veps), t_sig(vsig),
      t_e(n, 0.0), t_f(3 * n, 0.0);
  CUAD_GRAD(CUAD_LAUNCH(lj_energy_forces_pushforward, 1, 32, d_p.ptr, d_s.ptr, d_n.ptr, d_eps.ptr,
                        d_sig.ptr, rc, d_e.ptr, d_f.ptr, n, t_p.ptr, t_eps.ptr, t_sig.ptr, 0.0, t_e.ptr,
                        t_f.ptr));
  std::vector<double> got = t_e.get(), gf = t_f.get();
  got.insert(got.end(), gf.begin(), gf.end());
  check.array("energy, force", got, directional_fd<double>(outputs_at));
#else
  auto loss = [&] {
    DeviceArray<double3> d_p(to3());
    DeviceArray<double> d_eps(eps), d_sig(sigma), d_e(n, 0.0), d_f(3 * n, 0.0);
    CUAD_LAUNCH(lj_energy_forces, 1, 32, d_p.ptr, d_s.ptr, d_n.ptr, d_eps.ptr, d_sig.ptr, rc,
                d_e.ptr, d_f.ptr, n);
    return dot(we, d_e.get()) + dot(wf, d_f.get());
  };
  DeviceArray<double3> d_p(to3()), a_p(std::vector<double3>(n, make_double3(0, 0, 0)));
  DeviceArray<double> d_eps(eps), d_sig(sigma), d_e(n, 0.0), d_f(3 * n, 0.0), a_eps(zeros<double>(1)),
      a_sig(zeros<double>(1)), a_e(we), a_f(wf);
  CUAD_GRAD(CUAD_LAUNCH(lj_energy_forces_grad_0_3_4_6_7, 1, 32, d_p.ptr, d_s.ptr, d_n.ptr, d_eps.ptr,
                        d_sig.ptr, rc, d_e.ptr, d_f.ptr, n, a_p.ptr, a_eps.ptr, a_sig.ptr, a_e.ptr,
                        a_f.ptr));
  std::vector<double3> g3 = a_p.get();
  std::vector<double> gp(3 * n);
  for (int a = 0; a < n; ++a) gp[3 * a] = g3[a].x, gp[3 * a + 1] = g3[a].y, gp[3 * a + 2] = g3[a].z;
  check.array("pos", gp, fd(p, loss));
  check.array("eps", a_eps.get(), fd(eps, loss));
  check.array("sigma", a_sig.get(), fd(sigma, loss));
  check.array("energy", a_e.get(), std::vector<double>(n, 0.0));
  check.array("force", a_f.get(), std::vector<double>(3 * n, 0.0));
#endif
  return check.finish();
}
