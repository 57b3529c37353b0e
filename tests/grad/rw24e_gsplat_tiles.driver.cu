#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
#include <numeric>
using namespace cuad_test;

static const int W = 16, H = 12, TX = W / BLOCK_X, TY = H / BLOCK_Y, NG = 90;

struct G {
  float mx, my, a, b, c, op, depth;
};

// Tile lists: every Gaussian whose 3.5-sigma box touches the tile, sorted by depth.
static void build_lists(const std::vector<G>& g, std::vector<int2>& ranges, std::vector<int>& list) {
  ranges.assign(TX * TY, int2{0, 0});
  list.clear();
  std::vector<int> order(g.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int p, int q) { return g[p].depth < g[q].depth; });
  for (int t = 0; t < TX * TY; ++t) {
    const int tx = t % TX, ty = t / TX;
    ranges[t].x = (int)list.size();
    for (int id : order) {
      const double det = g[id].a * g[id].c - g[id].b * g[id].b;
      const double rx = 3.5 * std::sqrt(g[id].c / det), ry = 3.5 * std::sqrt(g[id].a / det);
      if (g[id].mx + rx < tx * BLOCK_X || g[id].mx - rx > tx * BLOCK_X + BLOCK_X - 1) continue;
      if (g[id].my + ry < ty * BLOCK_Y || g[id].my - ry > ty * BLOCK_Y + BLOCK_Y - 1) continue;
      list.push_back(id);
    }
    ranges[t].y = (int)list.size();
  }
}

// Replays the blending of one Gaussian set in double; returns the ids of Gaussians involved in
// a clamp or saturation test decided by a small margin (these get redrawn), and marks in
// `faint` the Gaussians whose alpha is near the 1/255 cut at some pixel (their own means and
// conics are left out of the finite-difference check; nothing else depends on that test).
static std::vector<int> near_threshold(const std::vector<G>& g, const std::vector<int2>& ranges,
                                       const std::vector<int>& list, int* saturated, std::vector<bool>& faint) {
  std::vector<int> bad;
  faint.assign(g.size(), false);
  *saturated = 0;
  for (int py = 0; py < H; ++py)
    for (int px = 0; px < W; ++px) {
      const int t = (py / BLOCK_Y) * TX + px / BLOCK_X;
      double T = 1.0;
      for (int k = ranges[t].x; k < ranges[t].y; ++k) {
        const G& q = g[list[k]];
        const double dx = q.mx - px, dy = q.my - py;
        const double power = -0.5 * (q.a * dx * dx + q.c * dy * dy) - q.b * dx * dy;
        const double a = q.op * std::exp(power);
        if (std::fabs(a - 0.99) < 1e-3) bad.push_back(list[k]);
        if (std::fabs(a / (1.0 / 255.0) - 1.0) < 1e-3) faint[list[k]] = true;
        if (std::fmin(0.99, a) < 1.0 / 255.0) continue;
        const double tt = T * (1.0 - std::fmin(0.99, a));
        if (std::fabs(std::log(tt / 1e-4)) < 1e-3) bad.push_back(list[k]);
        if (tt < 1e-4) {
          ++*saturated;
          break;
        }
        T = tt;
      }
    }
  return bad;
}

int main() {
  Checker check("rw24e_gsplat_tiles");
  Rng rng(24507);
  std::vector<G> g(NG);
  auto draw = [&](G& q) {
    q.mx = (float)rng.uniform(-1.0, W), q.my = (float)rng.uniform(-1.0, H);
    const double sx = rng.uniform(1.0, 2.5), sy = rng.uniform(1.0, 2.5), th = rng.uniform(0.0, 3.1);
    const double c = std::cos(th), s = std::sin(th);
    // conic = inverse covariance = R diag(1/sx^2, 1/sy^2) R^T
    q.a = (float)(c * c / (sx * sx) + s * s / (sy * sy));
    q.b = (float)(c * s * (1.0 / (sx * sx) - 1.0 / (sy * sy)));
    q.c = (float)(s * s / (sx * sx) + c * c / (sy * sy));
    q.op = (float)rng.uniform(0.5, 0.96);
    q.depth = (float)rng.uniform(1.0, 10.0);
  };
  for (G& q : g) draw(q);
  std::vector<int2> ranges;
  std::vector<int> list;
  int saturated = 0, tries = 0;
  std::vector<bool> faint;
  for (;; ++tries) {
    build_lists(g, ranges, list);
    std::vector<int> bad = near_threshold(g, ranges, list, &saturated, faint);
    if (bad.empty() || tries > 5000) break;
    draw(g[bad[0]]);
  }
  int longest = 0;
  for (const int2& r : ranges) longest = std::max(longest, r.y - r.x);
  const int n_faint = (int)std::count(faint.begin(), faint.end(), true);
  std::printf("tries %d, list entries %zu, longest tile list %d, saturated pixels %d, faint %d\n", tries, list.size(),
              longest, saturated, n_faint);
  check.expect(tries <= 5000 && longest > BLOCK_SIZE && saturated > 0 && n_faint < NG / 2, "margins, several rounds, saturation");

  std::vector<double> means(2 * NG), conics(4 * NG), colors = rng.vec<double>(3 * NG, 0.0, 1.0), bg = {0.1, 0.5, 0.9};
  for (int k = 0; k < NG; ++k) {
    means[2 * k] = g[k].mx, means[2 * k + 1] = g[k].my;
    conics[4 * k] = g[k].a, conics[4 * k + 1] = g[k].b, conics[4 * k + 2] = g[k].c, conics[4 * k + 3] = g[k].op;
  }
  DeviceArray<int2> d_r(ranges);
  DeviceArray<int> d_l(list);
  auto run = [&]() {
    DeviceArray<double> d_m(means), d_c(conics), d_col(colors), d_bg(bg), d_o(zeros<double>(3 * W * H)),
        d_T(zeros<double>(W * H));
    CUAD_LAUNCH(render_tiles<double>, dim3(TX, TY), dim3(BLOCK_X, BLOCK_Y), d_r.ptr, d_l.ptr, W, H, d_m.ptr, d_c.ptr, d_col.ptr,
                d_bg.ptr, d_o.ptr, d_T.ptr);
    std::vector<double> out = d_o.get(), T = d_T.get();
    out.insert(out.end(), T.begin(), T.end());
    return out;
  };
  const std::vector<double> w = rng.vec<double>(4 * W * H);
  auto loss = [&] { return dot(w, run()); };
  DeviceArray<double> d_m(means), d_c(conics), d_col(colors), d_bg(bg), d_o(zeros<double>(3 * W * H)),
      d_T(zeros<double>(W * H)), g_m(zeros<double>(2 * NG)), g_c(zeros<double>(4 * NG)), g_col(zeros<double>(3 * NG)),
      g_bg(zeros<double>(3)), g_o(std::vector<double>(w.begin(), w.begin() + 3 * W * H)),
      g_T(std::vector<double>(w.begin() + 3 * W * H, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(render_tiles_grad_4_5_6_7_8_9<double>, dim3(TX, TY), dim3(BLOCK_X, BLOCK_Y), d_r.ptr, d_l.ptr, W, H,
                        d_m.ptr, d_c.ptr, d_col.ptr, d_bg.ptr, d_o.ptr, d_T.ptr, g_m.ptr, g_c.ptr, g_col.ptr, g_bg.ptr,
                        g_o.ptr, g_T.ptr));
  const std::vector<double> am = g_m.get(), ac = g_c.get();
  std::vector<double> sm, sc;
  std::vector<double> fm, fc;
  for (int k = 0; k < NG; ++k) {
    if (faint[k]) continue;
    for (int e = 0; e < 2; ++e) sm.push_back(am[2 * k + e]), fm.push_back(fd(means[2 * k + e], loss));
    for (int e = 0; e < 4; ++e) sc.push_back(ac[4 * k + e]), fc.push_back(fd(conics[4 * k + e], loss));
  }
  check.array("means2d (not faint)", sm, fm);
  check.array("conic_opacity (not faint)", sc, fc);
  check.array("colors", g_col.get(), fd(colors, loss));
  check.array("bg", g_bg.get(), fd(bg, loss));
  check.array("out_color", g_o.get(), zeros<double>(3 * W * H));
  check.array("final_T", g_T.get(), zeros<double>(W * H));
  return check.finish();
}
