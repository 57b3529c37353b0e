#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
#include <numeric>
using namespace cuad_test;

static const int W = 20, H = 10, TX = (W + TILE_W - 1) / TILE_W, TY = (H + TILE_H - 1) / TILE_H;
static const int N = 56;

static std::vector<double2> d2(const std::vector<double>& v) {
  std::vector<double2> o(v.size() / 2);
  for (size_t i = 0; i < o.size(); ++i) o[i] = make_double2(v[2 * i], v[2 * i + 1]);
  return o;
}
static std::vector<double3> d3(const std::vector<double>& v) {
  std::vector<double3> o(v.size() / 3);
  for (size_t i = 0; i < o.size(); ++i) o[i] = make_double3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
  return o;
}
static std::vector<double4> d4(const std::vector<double>& v) {
  std::vector<double4> o(v.size() / 4);
  for (size_t i = 0; i < o.size(); ++i) o[i] = make_double4(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
  return o;
}
static std::vector<double> fl3(const std::vector<double3>& v) {
  std::vector<double> o;
  for (auto& a : v) o.insert(o.end(), {a.x, a.y, a.z});
  return o;
}
static std::vector<double> fl2(const std::vector<double2>& v) {
  std::vector<double> o;
  for (auto& a : v) o.insert(o.end(), {a.x, a.y});
  return o;
}
static std::vector<double> fl4(const std::vector<double4>& v) {
  std::vector<double> o;
  for (auto& a : v) o.insert(o.end(), {a.x, a.y, a.z, a.w});
  return o;
}

struct Scene {
  std::vector<double> means, conics, rgb, bg;
  std::vector<uint2> ranges;
  std::vector<int> list;
};

// Builds a scene and checks, with a double replica of the blending, that no pixel is near
// a threshold; returns the margin statistics through the counters.
static bool make_scene(Rng& rng, Scene& s, int& terminated, int& max_range) {
  s.means.resize(2 * N);
  s.conics.resize(4 * N);
  s.rgb = rng.vec(3 * N, 0.0, 1.0);
  s.bg = {0.2, 0.3, 0.4};
  std::vector<double> depth(N), radius(N);
  for (int g = 0; g < N; ++g) {
    s.means[2 * g] = rng.uniform(-2.0, W + 1.0);
    s.means[2 * g + 1] = rng.uniform(-2.0, H + 1.0);
    const double sx = rng.uniform(1.0, 3.5), sy = rng.uniform(1.0, 3.5), th = rng.uniform(0.0, 3.1);
    const double c = std::cos(th), sn = std::sin(th);
    const double a = c * c * sx * sx + sn * sn * sy * sy, b = c * sn * (sx * sx - sy * sy),
                 cc = sn * sn * sx * sx + c * c * sy * sy;
    const double det = a * cc - b * b;
    s.conics[4 * g] = cc / det;
    s.conics[4 * g + 1] = -b / det;
    s.conics[4 * g + 2] = a / det;
    s.conics[4 * g + 3] = rng.uniform(0.55, 0.97);
    depth[g] = rng.uniform(1.0, 10.0);
    radius[g] = 3.0 * std::max(sx, sy);
  }
  std::vector<int> order(N);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return depth[a] < depth[b]; });
  s.ranges.assign(TX * TY, make_uint2(0, 0));
  s.list.clear();
  max_range = 0;
  for (int ty = 0; ty < TY; ++ty)
    for (int tx = 0; tx < TX; ++tx) {
      const unsigned begin = (unsigned)s.list.size();
      for (int g : order) {
        const double x0 = tx * TILE_W, x1 = x0 + TILE_W, y0 = ty * TILE_H, y1 = y0 + TILE_H;
        const double mx = s.means[2 * g], my = s.means[2 * g + 1], r = radius[g];
        if (mx + r >= x0 && mx - r <= x1 && my + r >= y0 && my - r <= y1) s.list.push_back(g);
      }
      s.ranges[ty * TX + tx] = make_uint2(begin, (unsigned)s.list.size());
      max_range = std::max(max_range, (int)(s.list.size() - begin));
    }
  terminated = 0;
  for (int py = 0; py < H; ++py)
    for (int px = 0; px < W; ++px) {
      const uint2 r = s.ranges[(py / TILE_H) * TX + px / TILE_W];
      double T = 1.0;
      for (unsigned k = r.x; k < r.y; ++k) {
        const int g = s.list[k];
        const double dx = s.means[2 * g] - px, dy = s.means[2 * g + 1] - py;
        const double* co = &s.conics[4 * g];
        const double power = -0.5 * (co[0] * dx * dx + co[2] * dy * dy) - co[1] * dx * dy;
        if (power > -1e-3) return false;
        const double alpha = co[3] * std::exp(power);
        if (std::fabs(std::log(alpha * 255.0)) < 2e-3) return false;
        if (alpha < 1.0 / 255.0) continue;
        const double nT = T * (1.0 - alpha);
        if (std::fabs(std::log(nT / 1e-4)) < 2e-3) return false;
        if (nT < 1e-4) {
          ++terminated;
          break;
        }
        T = nT;
      }
    }
  return true;
}

int main() {
  Checker check("rw26a_gs_tile_raster");
  Rng rng(26202);
  Scene s;
  int terminated = 0, max_range = 0, tries = 0;
  while (!make_scene(rng, s, terminated, max_range) && tries < 500) ++tries;
  std::printf("scene after %d redraws: %d pixels terminated, longest tile range %d\n", tries, terminated,
              max_range);
  check.expect(tries < 500, "a scene away from the thresholds");
  check.expect(terminated >= 3 && max_range > TILE_N, "early termination and multi-batch tiles");
  const int P = W * H;
  DeviceArray<uint2> d_ranges(s.ranges);
  DeviceArray<int> d_list(s.list);
  const dim3 grid(TX, TY), block(TILE_W, TILE_H);
  auto run = [&](const std::vector<double>& m, const std::vector<double>& c, const std::vector<double>& col,
                 const std::vector<double>& bg) {
    DeviceArray<double2> dm(d2(m));
    DeviceArray<double4> dc(d4(c));
    DeviceArray<double3> dcol(d3(col)), dimg(d3(zeros<double>(3 * P)));
    DeviceArray<double> dT(zeros<double>(P));
    DeviceArray<int> dn(std::vector<int>(P, -1));
    CUAD_LAUNCH(rasterize_tiles, grid, block, d_ranges.ptr, d_list.ptr, W, H, dm.ptr, dc.ptr, dcol.ptr,
                make_double3(bg[0], bg[1], bg[2]), dimg.ptr, dT.ptr, dn.ptr);
    std::vector<double> out = fl3(dimg.get()), t = dT.get();
    out.insert(out.end(), t.begin(), t.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(4 * P);
  auto loss = [&] { return dot(w, run(s.means, s.conics, s.rgb, s.bg)); };
  DeviceArray<double2> dm(d2(s.means)), gm(d2(zeros<double>(2 * N)));
  DeviceArray<double4> dc(d4(s.conics)), gc(d4(zeros<double>(4 * N)));
  DeviceArray<double3> dcol(d3(s.rgb)), gcol(d3(zeros<double>(3 * N))), dimg(d3(zeros<double>(3 * P))),
      gimg(d3(std::vector<double>(w.begin(), w.begin() + 3 * P)));
  DeviceArray<double> dT(zeros<double>(P)), gT(std::vector<double>(w.begin() + 3 * P, w.end()));
  DeviceArray<int> dn(std::vector<int>(P, -1));
  DeviceScalar<double3> gbg(make_double3(0, 0, 0));
  CUAD_GRAD(CUAD_LAUNCH(rasterize_tiles_grad_4_5_6_7_8_9, grid, block, d_ranges.ptr, d_list.ptr, W, H, dm.ptr,
                        dc.ptr, dcol.ptr, make_double3(s.bg[0], s.bg[1], s.bg[2]), dimg.ptr, dT.ptr, dn.ptr, gm.ptr,
                        gc.ptr, gcol.ptr, gbg.ptr, gimg.ptr, gT.ptr));
  check.array("means2d", fl2(gm.get()), fd(s.means, loss));
  check.array("conic_opacity", fl4(gc.get()), fd(s.conics, loss));
  check.array("rgb", fl3(gcol.get()), fd(s.rgb, loss));
  check.array("bg", fl3(gbg.get()), fd(s.bg, loss));
  check.array("out_img (only written)", fl3(gimg.get()), zeros<double>(3 * P));
  check.array("out_T (only written)", gT.get(), zeros<double>(P));
#else
  const std::vector<double> vm = rng.vec(2 * N), vc = rng.vec(4 * N, -0.01, 0.01), vr = rng.vec(3 * N),
                            vb = rng.vec(3);
  auto outputs_at = [&](double t) {
    return run(along(s.means, t, vm), along(s.conics, t, vc), along(s.rgb, t, vr), along(s.bg, t, vb));
  };
  DeviceArray<double2> dm(d2(s.means)), tm(d2(vm));
  DeviceArray<double4> dc(d4(s.conics)), tc(d4(vc));
  DeviceArray<double3> dcol(d3(s.rgb)), tcol(d3(vr)), dimg(d3(zeros<double>(3 * P))), timg(d3(zeros<double>(3 * P)));
  DeviceArray<double> dT(zeros<double>(P)), tT(zeros<double>(P));
  DeviceArray<int> dn(std::vector<int>(P, -1));
  CUAD_GRAD(CUAD_LAUNCH(rasterize_tiles_pushforward, grid, block, d_ranges.ptr, d_list.ptr, W, H, dm.ptr, dc.ptr,
                        dcol.ptr, make_double3(s.bg[0], s.bg[1], s.bg[2]), dimg.ptr, dT.ptr, dn.ptr, tm.ptr, tc.ptr,
                        tcol.ptr, make_double3(vb[0], vb[1], vb[2]), timg.ptr, tT.ptr));
  std::vector<double> tang = fl3(timg.get()), tt = tT.get();
  tang.insert(tang.end(), tt.begin(), tt.end());
  check.array("tangent", tang, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> val = fl3(dimg.get()), vt = dT.get();
  val.insert(val.end(), vt.begin(), vt.end());
  check.array("value", val, run(s.means, s.conics, s.rgb, s.bg));
#endif
#endif
  return check.finish();
}
