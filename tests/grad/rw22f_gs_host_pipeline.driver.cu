#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 14 isotropic Gaussians in front of a 12x10 camera; five of them stacked and nearly opaque so
// some pixels stop early. The scene is drawn in double precision so that (a) no Gaussian's
// alpha at any pixel crosses 1/255 when one of its parameters moves by 2.5 finite-difference
// steps, (b) depths differ by more than 0.05 (the host sort never changes), and (c) every
// early-stop test keeps T * (1 - alpha) a factor e^0.3 away from 1e-4.
static const int P = 14;
static const Camera cam{12.0f, 12.0f, 6.0f, 5.0f, 12, 10};

struct G2 {
  double x, y, ca, cb, cc, o;
};
static G2 project_ref(const double* m, double ls, double ol) {
  const double s = std::exp(ls), iz = 1.0 / m[2];
  const double j00 = cam.fx * iz, j02 = -cam.fx * m[0] * iz * iz, j11 = cam.fy * iz, j12 = -cam.fy * m[1] * iz * iz;
  const double a = s * s * (j00 * j00 + j02 * j02) + 0.3, b = s * s * j02 * j12,
               c = s * s * (j11 * j11 + j12 * j12) + 0.3, det = a * c - b * b;
  return {cam.fx * m[0] * iz + cam.cx, cam.fy * m[1] * iz + cam.cy, c / det, -b / det, a / det,
          1.0 / (1.0 + std::exp(-ol))};
}
static double alpha_ref(const G2& g, int px, int py) {
  const double dx = g.x - px, dy = g.y - py;
  return std::fmin(0.99, g.o * std::exp(-0.5 * (g.ca * dx * dx + g.cc * dy * dy) - g.cb * dx * dy));
}

int main() {
  Checker check("rw22f_gs_host_pipeline");
  Rng rng(22609);
  const int W = cam.width, H = cam.height, n = 3 * W * H;
  std::vector<float> means(3 * P), ls(P), ol(P), col(3 * P);
  int attempt = 0, stopped = 0;
  for (;; ++attempt) {
    for (int g = 0; g < P; ++g) {
      for (int tries = 0;; ++tries) {
        const bool stack = g < 5;
        const double z = rng.uniform(3.0, 6.0);
        double m[3] = {stack ? z * (-0.05 + rng.uniform(-0.03, 0.03)) : z * rng.uniform(-0.55, 0.55),
                       stack ? z * (0.02 + rng.uniform(-0.03, 0.03)) : z * rng.uniform(-0.45, 0.45), z};
        for (auto& v : m) v = (float)v;
        const double l = (float)rng.uniform(-1.6, -1.0), o = (float)(stack ? rng.uniform(2.5, 3.4) : rng.uniform(-1.0, 2.0));
        double prm[5] = {m[0], m[1], m[2], l, o};
        const G2 base = project_ref(m, l, o);
        bool ok = true;
        for (int py = 0; py < H && ok; ++py)
          for (int px = 0; px < W && ok; ++px) {
            const bool pass = alpha_ref(base, px, py) >= 1.0 / 255.0;
            for (int k = 0; k < 5 && ok; ++k)
              for (int sg = -1; sg <= 1; sg += 2) {
                double q[5];
                std::copy(prm, prm + 5, q);
                q[k] += sg * 2.5 * 2e-3 * std::fmax(1.0, std::fabs(prm[k]));
                if ((alpha_ref(project_ref(q, q[3], q[4]), px, py) >= 1.0 / 255.0) != pass) ok = false;
              }
          }
        if (ok || tries > 2000) {
          check.expect(ok, "a Gaussian away from the 1/255 threshold");
          for (int k = 0; k < 3; ++k) means[3 * g + k] = (float)m[k];
          ls[g] = (float)l, ol[g] = (float)o;
          break;
        }
      }
      for (int ch = 0; ch < 3; ++ch) col[3 * g + ch] = (float)rng.uniform(0.0, 1.0);
    }
    std::vector<int> order(P);
    for (int g = 0; g < P; ++g) order[g] = g;
    std::sort(order.begin(), order.end(), [&](int a, int b) { return means[3 * a + 2] < means[3 * b + 2]; });
    bool ok = true;
    for (int k = 1; k < P; ++k)
      if (means[3 * order[k] + 2] - means[3 * order[k - 1] + 2] < 0.05) ok = false;
    stopped = 0;
    for (int py = 0; py < H; ++py)
      for (int px = 0; px < W; ++px) {
        double T = 1.0;
        for (int g : order) {
          const double m[3] = {means[3 * g], means[3 * g + 1], means[3 * g + 2]};
          const double al = alpha_ref(project_ref(m, ls[g], ol[g]), px, py);
          if (al < 1.0 / 255.0) continue;
          const double nT = T * (1 - al);
          if (std::fabs(std::log(nT / 1e-4)) < 0.3) ok = false;
          if (nT < 1e-4) {
            ++stopped;
            break;
          }
          T = nT;
        }
      }
    if ((ok && stopped > 0) || attempt > 300) break;
  }
  std::printf("scene attempts: %d, pixels stopped early: %d\n", attempt + 1, stopped);
  check.expect(stopped > 0, "some pixels stop early");
  // the target: the same pipeline on shifted colors, so the residuals are small
  std::vector<float> target(n);
  {
    std::vector<float> c2 = col;
    for (auto& c : c2) c = (float)(c + rng.uniform(-0.2, 0.2));
    std::vector<float> dep(P);
    DeviceArray<float> d_m(means), d_l(ls), d_o(ol), d_c(c2), d_bg(std::vector<float>{0.1f, 0.1f, 0.2f}),
        d_xy(zeros<float>(2 * P)), d_k(zeros<float>(4 * P)), d_d(zeros<float>(P)), d_img(zeros<float>(n));
    CUAD_LAUNCH(project_isotropic, 1, 32, P, reinterpret_cast<const float3*>(d_m.ptr), d_l.ptr, d_o.ptr, cam,
                reinterpret_cast<float2*>(d_xy.ptr), reinterpret_cast<float4*>(d_k.ptr), d_d.ptr);
    dep = d_d.get();
    std::vector<int> order(P);
    for (int g = 0; g < P; ++g) order[g] = g;
    std::sort(order.begin(), order.end(), [&](int a, int b) { return dep[a] < dep[b]; });
    DeviceArray<int> d_ord(order);
    CUAD_LAUNCH(render_sorted<3>, dim3(2, 2), dim3(8, 8), P, d_ord.ptr, reinterpret_cast<float2*>(d_xy.ptr),
                reinterpret_cast<float4*>(d_k.ptr), d_c.ptr, d_bg.ptr, cam, d_img.ptr);
    target = d_img.get();
  }
  auto loss = [&] { return (double)splat_loss(means.data(), ls.data(), ol.data(), col.data(), target.data(), P, cam); };
  std::printf("loss %.6f\n", loss());
#if CUAD_OUTPUT == 1
  std::vector<float> gm(3 * P, 0.0f), gl(P, 0.0f), go(P, 0.0f), gc(3 * P, 0.0f);
  CUAD_GRAD(splat_loss_grad_0_1_2_3(means.data(), ls.data(), ol.data(), col.data(), target.data(), P, cam,
                                    gm.data(), gl.data(), go.data(), gc.data()));
  check.array("h_means", gm, fd(means, loss));
  check.array("h_log_scales", gl, fd(ls, loss));
  check.array("h_opacity_logits", go, fd(ol, loss));
  check.array("h_colors", gc, fd(col, loss));
#else
  const std::vector<float> vm = rng.vec<float>(3 * P), vc = rng.vec<float>(3 * P);
  auto outputs_at = [&](double t) {
    std::vector<float> m = along(means, t, vm), c = along(col, t, vc);
    return std::vector<double>{(double)splat_loss(m.data(), ls.data(), ol.data(), c.data(), target.data(), P, cam)};
  };
  double value = 0.0, tangent = 0.0;
  CUAD_GRAD({
    auto r = splat_loss_pushforward_0_3(means.data(), ls.data(), ol.data(), col.data(), target.data(), P, cam,
                                        vm.data(), vc.data());
    value = r.value;
    tangent = r.pushforward;
  });
  check.scalar("value", value, loss());
  check.array("tangent", std::vector<double>{tangent}, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
