#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd3_complex_float2");
#if CUAD_OUTPUT == 2
  const int n = 40;
  Rng rng(308);
  std::vector<float> p = rng.vec<float>(2 * n), vp = rng.vec<float>(2 * n), th = rng.vec<float>(n, -3, 3),
                     vth = rng.vec<float>(n);
  auto to2 = [](const std::vector<float>& v) {
    std::vector<float2> r(v.size() / 2);
    for (size_t i = 0; i < r.size(); ++i) r[i] = make_float2(v[2 * i], v[2 * i + 1]);
    return r;
  };
  auto from2 = [](const std::vector<float2>& v) {
    std::vector<double> r;
    for (auto e : v) { r.push_back(e.x); r.push_back(e.y); }
    return r;
  };
  auto outputs_at = [&](double t) {
    DeviceArray<float2> dp(to2(along(p, t, vp))), dq(to2(zeros<float>(2 * n)));
    DeviceArray<float> dth(along(th, t, vth));
    CUAD_LAUNCH(rotate2, 2, 32, n, dp.ptr, dth.ptr, dq.ptr);
    return from2(dq.get());
  };
  DeviceArray<float2> dp(to2(p)), d_p(to2(vp)), dq(to2(zeros<float>(2 * n))), d_q(to2(zeros<float>(2 * n)));
  DeviceArray<float> dth(th), d_th(vth);
  CUAD_GRAD(CUAD_LAUNCH(rotate2_pushforward, 2, 32, n, dp.ptr, dth.ptr, dq.ptr, d_p.ptr, d_th.ptr, d_q.ptr));
  check.array("q", from2(d_q.get()), directional_fd<float>(outputs_at), default_tol<float>());
#else
  const int n = 12, m = 9;
  Rng rng(307);
  std::vector<double> re = rng.vec(n), im = rng.vec(n), vre = rng.vec(n), vim = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dre(along(re, t, vre)), dim_(along(im, t, vim)), dmag(zeros<double>(m)),
        dph(zeros<double>(m));
    CUAD_LAUNCH(dft_mag, 1, 16, n, m, dre.ptr, dim_.ptr, dmag.ptr, dph.ptr);
    std::vector<double> out = dmag.get(), ph = dph.get();
    out.insert(out.end(), ph.begin(), ph.end());
    return out;
  };
  DeviceArray<double> dre(re), d_re(vre), dim_(im), d_im(vim), dmag(zeros<double>(m)),
      d_mag(zeros<double>(m)), dph(zeros<double>(m)), d_ph(zeros<double>(m));
  CUAD_GRAD(CUAD_LAUNCH(dft_mag_pushforward, 1, 16, n, m, dre.ptr, dim_.ptr, dmag.ptr, dph.ptr, d_re.ptr,
                        d_im.ptr, d_mag.ptr, d_ph.ptr));
  std::vector<double> got = d_mag.get(), ph = d_ph.get();
  got.insert(got.end(), ph.begin(), ph.end());
  check.array("mag, phase", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
