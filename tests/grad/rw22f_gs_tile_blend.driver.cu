#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
#include <numeric>
using namespace cuad_test;

// 16 small 2-D Gaussians over a 10x8 image (3x2 tiles of 4x4, the last column of tiles
// partial); five of them are stacked, nearly opaque, so some pixels reach the early stop.
// Per tile, the ids of the Gaussians whose 3-sigma box overlaps it, front to back.
// Inputs are drawn so that no branch moves under the finite differences: for every pixel
// a Gaussian is tested at, alpha stays on one side of 1/255 when any of its parameters moves
// by up to 2.5 finite-difference steps, and every early-stop test keeps T * (1 - alpha) a
// factor e^0.3 away from 1e-4 (the scene is redrawn otherwise).
static const int W = 10, H = 8, N = 16;
static const int TX = (W + BLOCK_X - 1) / BLOCK_X, TY = (H + BLOCK_Y - 1) / BLOCK_Y;

static double fstep(double x) { return 2e-3 * std::fmax(1.0, std::fabs(x)); }

static double alpha_of(const double* g, double px, double py) {  // g: x, y, ca, cb, cc, o
  const double dx = g[0] - px, dy = g[1] - py;
  const double power = -0.5 * (g[2] * dx * dx + g[4] * dy * dy) - g[3] * dx * dy;
  return g[5] * std::exp(power);
}

int main() {
  Checker check("rw22f_gs_tile_blend");
  Rng rng(22604);
  std::vector<float> xy(2 * N), con(4 * N), col(3 * N), dep(N), bg = {0.2f, 0.5f, 0.8f};
  std::vector<int2> ranges(TX * TY);
  std::vector<int> list;
  int attempt = 0, stopped = 0;
  for (;; ++attempt) {
    for (int g = 0; g < N; ++g) {
      for (int tries = 0;; ++tries) {
        const bool stack = g < 5;
        const double mx = stack ? 4.3 + rng.uniform(-0.3, 0.3) : rng.uniform(-1.0, W);
        const double my = stack ? 3.6 + rng.uniform(-0.3, 0.3) : rng.uniform(-1.0, H);
        const double s1 = rng.uniform(0.6, 1.1), s2 = rng.uniform(0.6, 1.1), th = rng.uniform(0, 3.14);
        const double c = std::cos(th), s = std::sin(th);
        const double a = c * c * s1 * s1 + s * s * s2 * s2, b = c * s * (s1 * s1 - s2 * s2),
                     d = s * s * s1 * s1 + c * c * s2 * s2, det = a * d - b * b;
        double gp[6] = {(double)(float)mx, (double)(float)my, (double)(float)(d / det),
                        (double)(float)(-b / det), (double)(float)(a / det),
                        (double)(float)(stack ? rng.uniform(0.9, 0.97) : rng.uniform(0.3, 0.9))};
        bool ok = true;
        for (int py = 0; py < H && ok; ++py)
          for (int px = 0; px < W && ok; ++px) {
            const bool pass = alpha_of(gp, px, py) >= 1.0 / 255.0;
            for (int k = 0; k < 6 && ok; ++k)
              for (int sg = -1; sg <= 1; sg += 2) {
                double q[6];
                std::copy(gp, gp + 6, q);
                q[k] += sg * 2.5 * fstep(gp[k]);
                if ((alpha_of(q, px, py) >= 1.0 / 255.0) != pass) ok = false;
              }
          }
        if (ok || tries > 2000) {
          check.expect(ok, "a Gaussian away from the 1/255 threshold");
          xy[2 * g] = (float)gp[0], xy[2 * g + 1] = (float)gp[1];
          con[4 * g] = (float)gp[2], con[4 * g + 1] = (float)gp[3], con[4 * g + 2] = (float)gp[4];
          con[4 * g + 3] = (float)gp[5];
          break;
        }
      }
      for (int ch = 0; ch < 3; ++ch) col[3 * g + ch] = (float)rng.uniform(0.0, 1.0);
      dep[g] = (float)rng.uniform(1.0, 5.0);
    }
    // tile lists, front to back
    std::vector<int> order(N);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return dep[a] < dep[b]; });
    list.clear();
    for (int ty = 0; ty < TY; ++ty)
      for (int tx = 0; tx < TX; ++tx) {
        const int start = (int)list.size();
        for (int g : order) {
          const double r = std::ceil(3.0 * 1.1);  // 3 sigma of the widest Gaussian
          if (xy[2 * g] + r >= tx * BLOCK_X && xy[2 * g] - r <= tx * BLOCK_X + BLOCK_X - 1 &&
              xy[2 * g + 1] + r >= ty * BLOCK_Y && xy[2 * g + 1] - r <= ty * BLOCK_Y + BLOCK_Y - 1)
            list.push_back(g);
        }
        ranges[ty * TX + tx] = make_int2(start, (int)list.size());
      }
    // the early-stop margins
    bool ok = true;
    stopped = 0;
    for (int py = 0; py < H; ++py)
      for (int px = 0; px < W; ++px) {
        const int2 rg = ranges[(py / BLOCK_Y) * TX + px / BLOCK_X];
        double T = 1.0;
        for (int k = rg.x; k < rg.y; ++k) {
          const int g = list[k];
          const double gp[6] = {xy[2 * g], xy[2 * g + 1], con[4 * g], con[4 * g + 1], con[4 * g + 2], con[4 * g + 3]};
          const double al = alpha_of(gp, px, py);
          if (al < 1.0 / 255.0) continue;
          const double tT = T * (1 - al);
          if (std::fabs(std::log(tT / 1e-4)) < 0.3) ok = false;
          if (tT < 1e-4) {
            ++stopped;
            break;
          }
          T = tT;
        }
      }
    if ((ok && stopped > 0) || attempt > 200) break;
  }
  std::printf("scene attempts: %d, pixels stopped early: %d, list entries: %zu\n", attempt + 1, stopped,
              list.size());
  check.expect(stopped > 0, "some pixels stop early");
  const int np = W * H;
  DeviceArray<int2> d_rg(ranges);
  DeviceArray<int> d_list(list);
  auto f2 = [](DeviceArray<float>& a) { return reinterpret_cast<float2*>(a.ptr); };
  auto f4 = [](DeviceArray<float>& a) { return reinterpret_cast<float4*>(a.ptr); };
  const dim3 grid(TX, TY), block(BLOCK_X, BLOCK_Y);
  auto run = [&](const std::vector<float>& x, const std::vector<float>& c, const std::vector<float>& k,
                 const std::vector<float>& dp, const std::vector<float>& b) {
    DeviceArray<float> d_x(x), d_c(c), d_k(k), d_d(dp), d_b(b), d_T(zeros<float>(np)),
        d_out(zeros<float>(3 * np)), d_od(zeros<float>(np));
    DeviceArray<int> d_n(zeros<int>(np));
    CUAD_LAUNCH(render_tiles, grid, block, d_rg.ptr, d_list.ptr, W, H, f2(d_x), d_c.ptr, f4(d_k), d_d.ptr,
                d_b.ptr, d_T.ptr, d_n.ptr, d_out.ptr, d_od.ptr);
    std::vector<double> out = as_doubles(d_T.get());
    for (auto& v : {d_out.get(), d_od.get()}) out.insert(out.end(), v.begin(), v.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wT = rng.vec<float>(np), wc = rng.vec<float>(3 * np), wd = rng.vec<float>(np);
  std::vector<float> w = wT;
  w.insert(w.end(), wc.begin(), wc.end());
  w.insert(w.end(), wd.begin(), wd.end());
  auto loss = [&] { return dot(w, run(xy, col, con, dep, bg)); };
  DeviceArray<float> d_x(xy), d_c(col), d_k(con), d_d(dep), d_b(bg), d_T(zeros<float>(np)),
      d_out(zeros<float>(3 * np)), d_od(zeros<float>(np)), g_x(zeros<float>(2 * N)),
      g_c(zeros<float>(3 * N)), g_k(zeros<float>(4 * N)), g_d(zeros<float>(N)), g_b(zeros<float>(3)),
      g_T(wT), g_out(wc), g_od(wd);
  DeviceArray<int> d_n(zeros<int>(np));
  CUAD_GRAD(CUAD_LAUNCH(render_tiles_grad_4_5_6_7_8_9_11_12, grid, block, d_rg.ptr, d_list.ptr, W, H,
                        f2(d_x), d_c.ptr, f4(d_k), d_d.ptr, d_b.ptr, d_T.ptr, d_n.ptr, d_out.ptr,
                        d_od.ptr, f2(g_x), g_c.ptr, f4(g_k), g_d.ptr, g_b.ptr, g_T.ptr, g_out.ptr,
                        g_od.ptr));
  check.array("points_xy", g_x.get(), fd(xy, loss));
  check.array("colors", g_c.get(), fd(col, loss));
  check.array("conic_opacity", g_k.get(), fd(con, loss));
  check.array("depths", g_d.get(), fd(dep, loss));
  check.array("bg_color", g_b.get(), fd(bg, loss));
  check.array("final_T", g_T.get(), zeros<double>(np));
  check.array("out_color", g_out.get(), zeros<double>(3 * np));
  check.array("out_depth", g_od.get(), zeros<double>(np));
#else
  const std::vector<float> vx = rng.vec<float>(2 * N), vc = rng.vec<float>(3 * N), vk = rng.vec<float>(4 * N, -0.5, 0.5);
  auto outputs_at = [&](double t) {
    return run(along(xy, t, vx), along(col, t, vc), along(con, t, vk), dep, bg);
  };
  DeviceArray<float> d_x(xy), d_c(col), d_k(con), d_d(dep), d_b(bg), d_T(zeros<float>(np)),
      d_out(zeros<float>(3 * np)), d_od(zeros<float>(np)), t_x(vx), t_c(vc), t_k(vk), t_T(np, 3.0f),
      t_out(3 * np, 3.0f), t_od(np, 3.0f);
  DeviceArray<int> d_n(zeros<int>(np));
  CUAD_GRAD(CUAD_LAUNCH(render_tiles_pushforward_4_5_6_9_11_12, grid, block, d_rg.ptr, d_list.ptr, W, H,
                        f2(d_x), d_c.ptr, f4(d_k), d_d.ptr, d_b.ptr, d_T.ptr, d_n.ptr, d_out.ptr,
                        d_od.ptr, f2(t_x), t_c.ptr, f4(t_k), t_T.ptr, t_out.ptr, t_od.ptr));
  std::vector<double> tang = as_doubles(t_T.get());
  for (auto& v : {t_out.get(), t_od.get()}) tang.insert(tang.end(), v.begin(), v.end());
  check.array("outputs", tang, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
