#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22d_warp_energy");
  const int n = 100, threads = 128, groups = threads / 8;
  Rng rng(2205);
  std::vector<double> pos(2 * n), vpos = rng.vec(2 * n);
  for (int i = 0; i < n; ++i) {
    const double ang = 2.0 * 3.14159265358979 * i / n;
    const double rad = 8.0 + 0.3 * rng.uniform(-1, 1);
    pos[2 * i] = rad * cos(ang);
    pos[2 * i + 1] = rad * sin(ang);
  }
  std::vector<double> a = rng.vec(n, 1.0, 2.0), va = rng.vec(n), r0 = rng.vec(n, 0.4, 0.6),
                      vr0 = rng.vec(n);
  double depth = 0.8, vdepth = 0.5;
  std::vector<double> e0 = {0.25}, ve0 = {0.3}, pe0 = rng.vec(n), vpe0 = rng.vec(n);
#if CUAD_OUTPUT == 2
  std::fill(va.begin(), va.end(), 0.0);
  std::fill(vr0.begin(), vr0.end(), 0.0);
#endif
  auto outputs_at = [&](double t) {
    DeviceArray<double> dpos(along(pos, t, vpos)), da(along(a, t, va)), dr0(along(r0, t, vr0)),
        de(along(e0, t, ve0)), dg(zeros<double>(groups)), dpe(along(pe0, t, vpe0));
    CUAD_LAUNCH(morse_energy, 2, 64, n, dpos.ptr, da.ptr, dr0.ptr, along(depth, t, vdepth), de.ptr,
                dg.ptr, dpe.ptr);
    std::vector<double> out = de.get(), g = dg.get(), pe = dpe.get();
    out.insert(out.end(), g.begin(), g.end());
    out.insert(out.end(), pe.begin(), pe.end());
    return out;
  };
  DeviceArray<double> dpos(pos), d_pos(vpos), da(a), d_a(va), dr0(r0), d_r0(vr0), de(e0),
      d_e(ve0), dg(zeros<double>(groups)), d_g(zeros<double>(groups)), dpe(pe0), d_pe(vpe0);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(morse_energy_pushforward, 2, 64, n, dpos.ptr, da.ptr, dr0.ptr, depth, de.ptr,
                        dg.ptr, dpe.ptr, d_pos.ptr, d_a.ptr, d_r0.ptr, vdepth, d_e.ptr, d_g.ptr,
                        d_pe.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH(morse_energy_pushforward_1_4_5_6_7, 2, 64, n, dpos.ptr, da.ptr, dr0.ptr,
                        depth, de.ptr, dg.ptr, dpe.ptr, d_pos.ptr, vdepth, d_e.ptr, d_g.ptr,
                        d_pe.ptr));
#endif
  std::vector<double> tan = d_e.get(), g = d_g.get(), pe = d_pe.get();
  tan.insert(tan.end(), g.begin(), g.end());
  tan.insert(tan.end(), pe.begin(), pe.end());
  check.array("energy,group_e,pair_e", tan, directional_fd<double>(outputs_at));
  return check.finish();
}
