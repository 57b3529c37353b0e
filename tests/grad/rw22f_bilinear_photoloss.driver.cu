#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// A 9x7 RGB texture warped into a 10x8 image (two 8x8 blocks, the second partial) by a
// zoom-out with a small shear and a shift, so a band of samples falls beyond the texture's
// edges (clamped). The transform is redrawn until every sample's texel coordinates stay 0.04
// away from integers (the bilinear kinks) for all moves of the parameters the finite
// differences make.
int main() {
  Checker check("rw22f_bilinear_photoloss");
  Rng rng(22608);
  const int tw = 9, th = 7, W = 10, H = 8, n = W * H * CH;
  const float inv_count = 1.0f / n;
  std::vector<float> tex = rng.vec<float>(tw * th * CH, 0.0, 1.0), A(6);
  int clamped = 0;
  for (int tries = 0;; ++tries) {
    A = {(float)rng.uniform(1.05, 1.3), (float)rng.uniform(-0.015, 0.015), (float)rng.uniform(-0.15, 0.15),
         (float)rng.uniform(-0.015, 0.015), (float)rng.uniform(1.05, 1.3), (float)rng.uniform(-0.15, 0.15)};
    bool ok = true;
    clamped = 0;
    for (int py = 0; py < H && ok; ++py)
      for (int px = 0; px < W && ok; ++px) {
        const double xn = (2.0 * px + 1.0) / W - 1.0, yn = (2.0 * py + 1.0) / H - 1.0;
        const double sx = A[0] * xn + A[1] * yn + A[2], sy = A[3] * xn + A[4] * yn + A[5];
        const double x = 0.5 * (sx + 1.0) * tw - 0.5, y = 0.5 * (sy + 1.0) * th - 0.5;
        // the largest move of x or y under a 2.5-step perturbation of one parameter
        const double mx = 0.5 * tw * 2.5 * 2e-3 * std::fmax(std::fabs(xn), std::fmax(std::fabs(yn), 1.0));
        const double my = 0.5 * th * 2.5 * 2e-3 * std::fmax(std::fabs(xn), std::fmax(std::fabs(yn), 1.0));
        const double fx = x - std::floor(x), fy = y - std::floor(y);
        if (fx < mx + 0.01 || fx > 1 - mx - 0.01 || fy < my + 0.01 || fy > 1 - my - 0.01) ok = false;
        clamped += (x < 0 || x > tw - 1 || y < 0 || y > th - 1);
      }
    if (ok || tries > 100000) {
      check.expect(ok, "an affine transform away from the bilinear kinks");
      std::printf("tries %d, samples beyond the edge: %d of %d\n", tries + 1, clamped, W * H);
      break;
    }
  }
  // target: the texture warped by a nearby transform plus noise
  std::vector<float> target(n);
  for (int i = 0; i < n; ++i) target[i] = (float)rng.uniform(0.0, 1.0);
  const dim3 block(BLOCK_W, BLOCK_H), grid((W + BLOCK_W - 1) / BLOCK_W, (H + BLOCK_H - 1) / BLOCK_H);
  DeviceArray<float> d_tg(target);
  const float loss0 = 0.25f;
  auto run = [&](const std::vector<float>& tx, const std::vector<float>& a, float l0) {
    DeviceArray<float> d_t(tx), d_a(a), d_w(zeros<float>(n)), d_l(std::vector<float>{l0});
    CUAD_LAUNCH(warp_photometric, grid, block, d_t.ptr, tw, th, d_a.ptr, d_tg.ptr, W, H, inv_count, d_w.ptr,
                d_l.ptr);
    std::vector<double> out = as_doubles(d_w.get());
    out.push_back(d_l.get()[0]);
    return out;
  };
#if CUAD_OUTPUT == 1
  std::vector<float> w = rng.vec<float>(n);
  const float wl = 40.0f;  // the loss is a mean: weight it up so its adjoints are O(1)
  auto loss = [&] {
    const std::vector<double> o = run(tex, A, loss0);
    return dot(w, o) + wl * o[n];
  };
  DeviceArray<float> d_t(tex), d_a(A), d_w(zeros<float>(n)), d_l(std::vector<float>{loss0}),
      g_t(zeros<float>(tex.size())), g_a(zeros<float>(6)), g_w(w), g_l(std::vector<float>{wl});
  CUAD_GRAD(CUAD_LAUNCH(warp_photometric_grad_0_3_8_9, grid, block, d_t.ptr, tw, th, d_a.ptr, d_tg.ptr, W, H,
                        inv_count, d_w.ptr, d_l.ptr, g_t.ptr, g_a.ptr, g_w.ptr, g_l.ptr));
  check.array("tex", g_t.get(), fd(tex, loss));
  check.array("affine", g_a.get(), fd(A, loss));
  check.array("warped", g_w.get(), zeros<double>(n));
  // loss is accumulated into (+=): its adjoint passes through unchanged
  float l0v = loss0;
  auto loss_l0 = [&] {
    const std::vector<double> o = run(tex, A, l0v);
    return dot(w, o) + wl * o[n];
  };
  check.scalar("loss", g_l.get()[0], fd(l0v, loss_l0));
#else
  const std::vector<float> vt = rng.vec<float>(tex.size()), va = {0.2f, -0.1f, 0.15f, 0.1f, -0.2f, 0.1f};
  auto outputs_at = [&](double t) { return run(along(tex, t, vt), along(A, t, va), loss0); };
  DeviceArray<float> d_t(tex), d_a(A), d_w(zeros<float>(n)), d_l(std::vector<float>{loss0}), t_t(vt), t_a(va),
      t_w(n, 1.0f), t_l(std::vector<float>{0.5f});
  CUAD_GRAD(CUAD_LAUNCH(warp_photometric_pushforward_0_3_8_9, grid, block, d_t.ptr, tw, th, d_a.ptr, d_tg.ptr,
                        W, H, inv_count, d_w.ptr, d_l.ptr, t_t.ptr, t_a.ptr, t_w.ptr, t_l.ptr));
  std::vector<double> tang = as_doubles(t_w.get());
  tang.push_back(t_l.get()[0] - 0.5);  // the loss's tangent input passes through (+=)
  std::vector<double> dfd = directional_fd<float>(outputs_at);
  if (dfd.size() != tang.size()) dfd.assign(tang.size(), 0.0);  // race-check build: no differences
  check.array("warped tangent", std::vector<double>(tang.begin(), tang.end() - 1),
              std::vector<double>(dfd.begin(), dfd.end() - 1), default_tol<float>());
  // the mean loss moves little: compare its tangent with a tighter absolute tolerance
  check.array("loss tangent", std::vector<double>{tang.back()}, std::vector<double>{dfd.back()}, Tol{2e-4, 1e-2});
#endif
  return check.finish();
}
