#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT >= 2
__global__ void fresnel_batch(const float* c, const float* ei, const float* et, float* out, int n) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n) out[k] = fresnel_dielectric(c[k], ei[k], et[k]);
}
#ifndef CUAD_SELFTEST
__global__ void fresnel_batch_grad(const float* c, const float* ei, const float* et, const float* w, float* gc,
                                   float* gi, float* gt, int n) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
#if CUAD_OUTPUT == 2
  float a = 0.0f, b = 0.0f, d = 0.0f;
  fresnel_dielectric_grad(c[k], ei[k], et[k], &a, &b, &d);
  gc[k] = w[k] * a;
  gi[k] = w[k] * b;
  gt[k] = w[k] * d;
#endif
}
__global__ void fresnel_batch_fwd(const float* c, const float* ei, const float* et, const float* vc,
                                  const float* vi, const float* vt, float* val, float* tan, int n) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
#if CUAD_OUTPUT == 3
  const auto r = fresnel_dielectric_pushforward(c[k], ei[k], et[k], vc[k], vi[k], vt[k]);
  val[k] = r.value;
  tan[k] = r.pushforward;
#endif
}
#endif
#endif

int main() {
  Checker check("rw25a_fresnel_light_guide");
  Rng rng(26010);
#if CUAD_OUTPUT == 1
  const int n_rays = 40;
  GuideParams p{1.49f, 1.0f, 1.33f, 0.1f, 1.0f, 3.0f};
  const float e_cut = 0.2f;
  std::vector<float> theta(n_rays);
  int tir = 0, cut = 0;
  for (int r = 0; r < n_rays; ++r) {
    for (int tries = 0;; ++tries) {
      const double th = rng.uniform(0.45, 1.25);
      theta[r] = (float)th;
      const double s = std::sin(theta[r]), c = std::cos(theta[r]), hop = p.thickness * s / c;
      const double q = p.length / hop, frac = q - std::floor(q);
      const double sens = p.length / (s * s) * 0.004 + 0.012 / hop;  // change of q under 2h steps
      bool ok = frac > 2.0 * sens && 1.0 - frac > 2.0 * sens;
      const double st_top = p.n_core / p.n_top * s, st_bot = p.n_core / p.n_bot * s;
      ok = ok && std::fabs(st_top - 1.0) > 0.03 && std::fabs(st_bot - 1.0) > 0.03;
      // replay the energy, in double, to keep away from the cut-off
      const int nb = (int)std::floor(q);
      const double att = std::exp(-p.alpha * p.thickness / c);
      double E = 1.0;
      bool was_cut = false;
      for (int b = 0; b < nb && ok; ++b) {
        E *= att;
        const double n_out = (b & 1) == 0 ? p.n_top : p.n_bot;
        const double st = p.n_core / n_out * s;
        double R = 1.0;
        if (st < 1.0) {
          const double ct = std::sqrt(1.0 - st * st);
          const double rp = (p.n_core * c - n_out * ct) / (p.n_core * c + n_out * ct);
          const double rs = (n_out * c - p.n_core * ct) / (n_out * c + p.n_core * ct);
          R = 0.5 * (rp * rp + rs * rs);
        }
        E *= R;
        if (std::fabs(std::log(E / e_cut)) < 0.08) ok = false;
        if (E < e_cut) {
          was_cut = true;
          break;
        }
      }
      if (ok || tries > 2000) {
        check.expect(ok, "ray away from the kinks");
        tir += std::fabs(st_top) > 1.0;
        cut += was_cut;
        break;
      }
    }
  }
  std::printf("rays with TIR at the top: %d, cut off: %d\n", tir, cut);
  check.expect(tir >= 3 && cut >= 3 && tir < n_rays, "both regimes present");
  auto run = [&](const std::vector<float>& th, GuideParams q, const std::vector<float>& ex0,
                 const std::vector<float>& rm0) {
    DeviceArray<float> dth(th), dex(ex0), drm(rm0);
    CUAD_LAUNCH(light_guide, 2, 32, dth.ptr, n_rays, q, e_cut, dex.ptr, drm.ptr);
    std::vector<float> out = dex.get(), b = drm.get();
    out.insert(out.end(), b.begin(), b.end());
    return out;
  };
  std::vector<float> ex0 = rng.vec<float>(2 * n_rays), rm0 = rng.vec<float>(n_rays);
  const std::vector<float> w = rng.vec<float>(3 * n_rays);
  auto loss = [&] { return dot(w, run(theta, p, ex0, rm0)); };
  DeviceArray<float> dth(theta), dex(ex0), drm(rm0), gth(zeros<float>(n_rays)),
      gex(std::vector<float>(w.begin(), w.begin() + 2 * n_rays)),
      grm(std::vector<float>(w.begin() + 2 * n_rays, w.end()));
  DeviceScalar<GuideParams> gp(GuideParams{0, 0, 0, 0, 0, 0});
  CUAD_GRAD(CUAD_LAUNCH(light_guide_grad_0_2_4_5, 2, 32, dth.ptr, n_rays, p, e_cut, dex.ptr, drm.ptr, gth.ptr,
                        gp.ptr, gex.ptr, grm.ptr));
  check.array("theta", gth.get(), fd(theta, loss));
  const GuideParams g = gp.value();
  check.scalar("p.n_core", g.n_core, fd(p.n_core, loss));
  check.scalar("p.n_top", g.n_top, fd(p.n_top, loss));
  check.scalar("p.n_bot", g.n_bot, fd(p.n_bot, loss));
  check.scalar("p.alpha", g.alpha, fd(p.alpha, loss));
  check.scalar("p.thickness", g.thickness, fd(p.thickness, loss));
  check.scalar("p.length", g.length, fd(p.length, loss));
  check.array("extracted", gex.get(), fd(ex0, loss));
  check.array("remaining", grm.get(), fd(rm0, loss));
#else
  const int n = 48;
  std::vector<float> c(n), ei(n), et(n);
  int tir = 0, leaving = 0;
  for (int k = 0; k < n; ++k) {
    for (;;) {
      const double cc = rng.uniform(0.1, 0.95) * (k % 2 ? -1.0 : 1.0);
      const double a = rng.uniform(1.0, 1.7), b = rng.uniform(1.0, 1.7);
      const double ni = cc < 0 ? b : a, nt = cc < 0 ? a : b;
      const double st = ni / nt * std::sqrt(1.0 - cc * cc);
      if (std::fabs(st - 1.0) < 0.03) continue;
      c[k] = (float)cc;
      ei[k] = (float)a;
      et[k] = (float)b;
      tir += st > 1.0;
      leaving += cc < 0;
      break;
    }
  }
  check.expect(tir >= 3 && tir < n - 3, "some samples totally reflected");
  auto run = [&](const std::vector<float>& cc, const std::vector<float>& a, const std::vector<float>& b) {
    DeviceArray<float> dc(cc), da(a), db(b), out(zeros<float>(n));
    CUAD_LAUNCH(fresnel_batch, 2, 32, dc.ptr, da.ptr, db.ptr, out.ptr, n);
    return out.get();
  };
#if CUAD_OUTPUT == 2
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(c, ei, et)); };
  DeviceArray<float> dc(c), da(ei), db(et), dw(w), gc(zeros<float>(n)), ga(zeros<float>(n)), gb(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(fresnel_batch_grad, 2, 32, dc.ptr, da.ptr, db.ptr, dw.ptr, gc.ptr, ga.ptr, gb.ptr, n));
  check.array("cos_i", gc.get(), fd(c, loss));
  check.array("eta_i", ga.get(), fd(ei, loss));
  check.array("eta_t", gb.get(), fd(et, loss));
#else
  const std::vector<float> vc = rng.vec<float>(n, -0.2, 0.2), va = rng.vec<float>(n), vb = rng.vec<float>(n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(c, t, vc), along(ei, t, va), along(et, t, vb))); };
  DeviceArray<float> dc(c), da(ei), db(et), tc(vc), ta(va), tb(vb), val(zeros<float>(n)), tan(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(fresnel_batch_fwd, 2, 32, dc.ptr, da.ptr, db.ptr, tc.ptr, ta.ptr, tb.ptr, val.ptr,
                        tan.ptr, n));
  check.array("tangent", as_doubles(tan.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("value", as_doubles(val.get()), as_doubles(run(c, ei, et)), default_tol<float>());
#endif
#endif
#endif
  return check.finish();
}
