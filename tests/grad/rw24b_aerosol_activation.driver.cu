#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<Mode> to_modes(const std::vector<float>& v) {
  std::vector<Mode> m(v.size() / 4);
  for (size_t i = 0; i < m.size(); ++i) m[i] = {v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]};
  return m;
}
static std::vector<float> from_modes(const std::vector<Mode>& m) {
  std::vector<float> v;
  for (auto& x : m) { v.push_back(x.number); v.push_back(x.radius); v.push_back(x.sigma); v.push_back(x.kappa); }
  return v;
}

int main() {
  Checker check("rw24b_aerosol_activation");
  const int ncell = 40;
  Rng rng(24205);
  std::vector<float> mv(4 * MAX_MODES * ncell);
  for (int k = 0; k < MAX_MODES * ncell; ++k) {
    mv[4 * k] = rng.uniform(0.5, 2.0);
    mv[4 * k + 1] = rng.uniform(0.3, 1.0);
    mv[4 * k + 2] = rng.uniform(1.4, 2.2);
    mv[4 * k + 3] = rng.uniform(0.3, 1.0);
  }
  std::vector<int> nm(ncell);
  for (int c = 0; c < ncell; ++c) nm[c] = 1 + (c * 5) % MAX_MODES;
  std::vector<float> temp = rng.vec<float>(ncell, 0.8, 1.3), w = rng.vec<float>(ncell, 0.5, 2.0);
#if CUAD_OUTPUT == 1
  std::vector<float> vm = rng.vec<float>(mv.size(), -0.1, 0.1), vT = rng.vec<float>(ncell, -0.1, 0.1), vw = rng.vec<float>(ncell, -0.3, 0.3);
  auto outputs_at = [&](double t) {
    DeviceArray<Mode> dm(to_modes(along(mv, t, vm)));
    DeviceArray<int> dn(nm);
    DeviceArray<float> dT(along(temp, t, vT)), dw(along(w, t, vw)), na(zeros<float>(ncell)), sm(zeros<float>(ncell));
    CUAD_LAUNCH(activate_cells, 2, 32, dm.ptr, dn.ptr, dT.ptr, dw.ptr, na.ptr, sm.ptr, ncell);
    std::vector<double> out = as_doubles(na.get());
    for (float x : sm.get()) out.push_back(x);
    return out;
  };
  DeviceArray<Mode> dm(to_modes(mv)), tm(to_modes(vm));
  DeviceArray<int> dn(nm);
  DeviceArray<float> dT(temp), dw(w), na(zeros<float>(ncell)), sm(zeros<float>(ncell));
  DeviceArray<float> tT(vT), tw(vw), tna(zeros<float>(ncell)), tsm(zeros<float>(ncell));
  CUAD_GRAD(CUAD_LAUNCH(activate_cells_pushforward, 2, 32, dm.ptr, dn.ptr, dT.ptr, dw.ptr, na.ptr, sm.ptr, ncell,
                        tm.ptr, tT.ptr, tw.ptr, tna.ptr, tsm.ptr));
  std::vector<double> tang = as_doubles(tna.get());
  for (float x : tsm.get()) tang.push_back(x);
  check.array("tangent", tang, directional_fd<float>(outputs_at), default_tol<float>());
#elif CUAD_OUTPUT == 2
  std::vector<float> wn = rng.vec<float>(ncell), ws = rng.vec<float>(ncell);
  auto loss = [&] {
    DeviceArray<Mode> dm(to_modes(mv));
    DeviceArray<int> dn(nm);
    DeviceArray<float> dT(temp), dw(w), na(zeros<float>(ncell)), sm(zeros<float>(ncell));
    CUAD_LAUNCH(activate_cells, 2, 32, dm.ptr, dn.ptr, dT.ptr, dw.ptr, na.ptr, sm.ptr, ncell);
    return dot(wn, na.get()) + dot(ws, sm.get());
  };
  DeviceArray<Mode> dm(to_modes(mv)), am(to_modes(zeros<float>(mv.size())));
  DeviceArray<int> dn(nm);
  DeviceArray<float> dT(temp), dw(w), na(zeros<float>(ncell)), sm(zeros<float>(ncell));
  DeviceArray<float> aT(zeros<float>(ncell)), aw(zeros<float>(ncell)), ana(wn), asm_(ws);
  CUAD_GRAD(CUAD_LAUNCH(activate_cells_grad_0_2_3_4_5, 2, 32, dm.ptr, dn.ptr, dT.ptr, dw.ptr, na.ptr, sm.ptr, ncell,
                        am.ptr, aT.ptr, aw.ptr, ana.ptr, asm_.ptr));
  check.array("modes", from_modes(am.get()), fd(mv, loss));
  check.array("temp", aT.get(), fd(temp, loss));
  check.array("updraft", aw.get(), fd(w, loss));
#else
  for (int c = 0; c < ncell; c += 5) {
    std::vector<Mode> m = to_modes(std::vector<float>(mv.begin() + 16 * c, mv.begin() + 16 * c + 16));
    std::vector<float> mflat = from_modes(m), vm = rng.vec<float>(16, -0.1, 0.1);
    const float T = temp[c], W = w[c], vT = 0.07f, vW = -0.2f;
    auto outputs_at = [&](double t) {
      std::vector<Mode> mm = to_modes(along(mflat, t, vm));
      float sc[MAX_MODES] = {0, 0, 0, 0};
      float s = max_supersaturation(mm.data(), nm[c], along(T, t, vT), along(W, t, vW), sc);
      return std::vector<double>{s, sc[0], sc[1], sc[2], sc[3]};
    };
    std::vector<double> fdv = directional_fd<float>(outputs_at);
    std::vector<Mode> tmodes = to_modes(vm);
    float sc[MAX_MODES] = {0, 0, 0, 0}, dsc[MAX_MODES] = {0, 0, 0, 0};
    double tang = 0.0;
    CUAD_GRAD(auto r = max_supersaturation_pushforward(m.data(), nm[c], T, W, sc, tmodes.data(), vT, vW, dsc);
              tang = r.pushforward);
    check.array(at("tangent", c), std::vector<double>{tang, dsc[0], dsc[1], dsc[2], dsc[3]}, fdv, default_tol<float>());
  }
#endif
  return check.finish();
}
