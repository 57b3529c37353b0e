#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw11_fwd_material");
#if CUAD_OUTPUT == 3
  double s = 1.3, ep = 0.4, sy = 0.9, H = 0.5, vep = 0.7, vsy = -0.4;
  auto outputs_at = [&](double t) {
    return std::vector<double>{yield_fn(s, along(ep, t, vep), along(sy, t, vsy), H)};
  };
  double value = 0, tangent = 0;
  CUAD_GRAD(auto r = yield_fn_pushforward_1_2(s, ep, sy, H, vep, vsy); value = r.value;
            tangent = r.pushforward);
  check.array("yield", std::vector<double>{tangent}, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.scalar("value", value, yield_fn(s, ep, sy, H));
#endif
#else
  const int n = 40;
  Rng rng(1104);
  std::vector<double> strain = rng.vec(3 * n, -0.3, 0.3), vstrain = rng.vec(3 * n),
                      hist = rng.vec(n, 0.05, 0.4), vhist = rng.vec(n, -0.5, 0.5),
                      stress0 = zeros<double>(2 * n);
  // half the elements far in the plastic range, half far in the elastic range
  for (int e = 0; e < n; ++e)
    if (e % 2 == 0)
      for (int c = 0; c < 3; ++c) strain[3 * e + c] *= (c == 0 ? 6.0 : 0.1);
    else
      for (int c = 0; c < 3; ++c) strain[3 * e + c] *= 0.05;
  Material mat{10.0, 1.0, 0.6, 0.5, 40}, vmat{0.8, -0.3, 0.4, 0.2, 0};
#if CUAD_OUTPUT == 2
  // strain has no tangent
  std::vector<double> vs_used = zeros<double>(3 * n);
#else
  std::vector<double> vs_used = vstrain;
#endif
  auto outputs_at = [&](double t) {
    Material m{along(mat.E, t, vmat.E), along(mat.sy, t, vmat.sy), along(mat.H, t, vmat.H),
               along(mat.n_exp, t, vmat.n_exp), mat.max_it};
    DeviceArray<double> ds(along(strain, t, vs_used)), dh(along(hist, t, vhist)),
        dst(stress0);
    CUAD_LAUNCH(material_update, 2, 32, n, ds.ptr, m, dh.ptr, dst.ptr);
    std::vector<double> out = dst.get(), h = dh.get();
    out.insert(out.end(), h.begin(), h.end());
    return out;
  };
  DeviceArray<double> ds(strain), d_s(vstrain), dh(hist), dst(stress0);
  DeviceArray<double> d_h(vhist), d_st(2 * n, 5.0);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(material_update_pushforward, 2, 32, n, ds.ptr, mat, dh.ptr, dst.ptr,
                        d_s.ptr, vmat, d_h.ptr, d_st.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH(material_update_pushforward_2_3_4, 2, 32, n, ds.ptr, mat, dh.ptr,
                        dst.ptr, vmat, d_h.ptr, d_st.ptr));
#endif
  std::vector<double> got = d_st.get(), gh = d_h.get();
  got.insert(got.end(), gh.begin(), gh.end());
  check.array("stress, hist", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
