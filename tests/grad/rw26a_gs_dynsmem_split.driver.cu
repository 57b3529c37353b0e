#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
#include <numeric>
using namespace cuad_test;

static const int W = 20, H = 14, TX = (W + TW - 1) / TW, TY = (H + TH - 1) / TH, P = W * H;
static const int N = 72, NF = 4;

struct Scene {
  std::vector<double> means, conics, feat, depth;
  std::vector<uint2> ranges;
  std::vector<int> list;
};

static std::vector<double2> d2(const std::vector<double>& v) {
  std::vector<double2> o(v.size() / 2);
  for (size_t i = 0; i < o.size(); ++i) o[i] = make_double2(v[2 * i], v[2 * i + 1]);
  return o;
}
static std::vector<double4> d4(const std::vector<double>& v) {
  std::vector<double4> o(v.size() / 4);
  for (size_t i = 0; i < o.size(); ++i) o[i] = make_double4(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
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

// A scene whose blending stays away from the alpha cutoff and the saturation threshold
// (checked with a double replica), with some saturated pixels and a tile needing two batches.
static bool make_scene(Rng& rng, Scene& s, int& terminated, int& max_range) {
  s.means.resize(2 * N);
  s.conics.resize(4 * N);
  s.feat = rng.vec(NF * N, -1.0, 1.0);
  s.depth.resize(N);
  std::vector<double> radius(N);
  for (int g = 0; g < N; ++g) {
    s.means[2 * g] = rng.uniform(-2.0, W + 1.0);
    s.means[2 * g + 1] = rng.uniform(-2.0, H + 1.0);
    const double sx = rng.uniform(1.2, 4.0), sy = rng.uniform(1.2, 4.0), th = rng.uniform(0.0, 3.1);
    const double c = std::cos(th), sn = std::sin(th);
    const double a = c * c * sx * sx + sn * sn * sy * sy, b = c * sn * (sx * sx - sy * sy),
                 cc = sn * sn * sx * sx + c * c * sy * sy;
    const double det = a * cc - b * b;
    s.conics[4 * g] = cc / det;
    s.conics[4 * g + 1] = -b / det;
    s.conics[4 * g + 2] = a / det;
    s.conics[4 * g + 3] = rng.uniform(0.75, 0.98);
    s.depth[g] = rng.uniform(1.0, 10.0);
    radius[g] = 3.0 * std::max(sx, sy);
  }
  std::vector<int> order(N);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return s.depth[a] < s.depth[b]; });
  s.ranges.assign(TX * TY, make_uint2(0, 0));
  s.list.clear();
  max_range = 0;
  for (int ty = 0; ty < TY; ++ty)
    for (int tx = 0; tx < TX; ++tx) {
      const unsigned begin = (unsigned)s.list.size();
      for (int g : order) {
        const double x0 = tx * TW, x1 = x0 + TW, y0 = ty * TH, y1 = y0 + TH;
        const double mx = s.means[2 * g], my = s.means[2 * g + 1], r = radius[g];
        if (mx + r >= x0 && mx - r <= x1 && my + r >= y0 && my - r <= y1) s.list.push_back(g);
      }
      s.ranges[ty * TX + tx] = make_uint2(begin, (unsigned)s.list.size());
      max_range = std::max(max_range, (int)(s.list.size() - begin));
    }
  terminated = 0;
  for (int py = 0; py < H; ++py)
    for (int px = 0; px < W; ++px) {
      const uint2 r = s.ranges[(py / TH) * TX + px / TW];
      double T = 1.0;
      for (unsigned k = r.x; k < r.y; ++k) {
        const int g = s.list[k];
        const double dx = s.means[2 * g] - px, dy = s.means[2 * g + 1] - py;
        const double* co = &s.conics[4 * g];
        const double alpha = co[3] * std::exp(-0.5 * (co[0] * dx * dx + co[2] * dy * dy) - co[1] * dx * dy);
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
      if (T > 1.0 - 1e-3) return false;  // the normalised depth needs some coverage
    }
  return true;
}

int main() {
  Checker check("rw26a_gs_dynsmem_split");
  Rng rng(26013);
  Scene s;
  int terminated = 0, max_range = 0, tries = 0;
  while (!make_scene(rng, s, terminated, max_range) && tries < 2000) ++tries;
  std::printf("scene after %d redraws: %d pixels saturated, longest tile range %d\n", tries, terminated, max_range);
  check.expect(tries < 2000 && terminated >= 3 && max_range > TN, "a usable scene");
#if CUAD_OUTPUT == 1
  DeviceArray<uint2> d_ranges(s.ranges);
  DeviceArray<int> d_list(s.list);
  const dim3 grid(TX, TY), block(TW, TH);
  const size_t smem = TN * (sizeof(double2) + sizeof(double4));
  auto run = [&](const std::vector<double>& m, const std::vector<double>& c, const std::vector<double>& f,
                 const std::vector<double>& d) {
    DeviceArray<double2> dm(d2(m));
    DeviceArray<double4> dc(d4(c));
    DeviceArray<double> df(f), dd(d), of(zeros<double>(NF * P)), od(zeros<double>(P));
    CUAD_LAUNCH_SHARED(render_dyn<NF>, grid, block, smem, d_ranges.ptr, d_list.ptr, W, H, dm.ptr, dc.ptr, df.ptr, dd.ptr,
                of.ptr, od.ptr);
    std::vector<double> out = of.get(), z = od.get();
    out.insert(out.end(), z.begin(), z.end());
    return out;
  };
  const std::vector<double> w = rng.vec((NF + 1) * P);
  auto loss = [&] { return dot(w, run(s.means, s.conics, s.feat, s.depth)); };
  DeviceArray<double2> dm(d2(s.means)), gm(d2(zeros<double>(2 * N)));
  DeviceArray<double4> dc(d4(s.conics)), gc(d4(zeros<double>(4 * N)));
  DeviceArray<double> df(s.feat), dd(s.depth), of(zeros<double>(NF * P)), od(zeros<double>(P)),
      gf(zeros<double>(NF * N)), gd(zeros<double>(N)), gof(std::vector<double>(w.begin(), w.begin() + NF * P)),
      god(std::vector<double>(w.begin() + NF * P, w.end()));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(render_dyn_grad_4_5_6_7_8_9<NF>, grid, block, 2 * smem, d_ranges.ptr, d_list.ptr, W, H, dm.ptr,
                        dc.ptr, df.ptr, dd.ptr, of.ptr, od.ptr, gm.ptr, gc.ptr, gf.ptr, gd.ptr, gof.ptr, god.ptr));
  check.array("means2d", fl2(gm.get()), fd(s.means, loss));
  check.array("conic_opacity", fl4(gc.get()), fd(s.conics, loss));
  check.array("features", gf.get(), fd(s.feat, loss));
  check.array("depths", gd.get(), fd(s.depth, loss));
  check.array("out_feat (only written)", gof.get(), zeros<double>(NF * P));
  check.array("out_depth (only written)", god.get(), zeros<double>(P));
#else
  const std::vector<double> w = rng.vec((NF + 1) * P);
  auto loss = [&] {
    std::vector<double> img((NF + 1) * P, 0.0);
    render_image(s.ranges.data(), TX, TY, s.list.data(), (int)s.list.size(), N, W, H, s.means.data(), s.conics.data(),
                 s.feat.data(), s.depth.data(), img.data());
    return dot(w, img);
  };
  std::vector<double> img((NF + 1) * P, 0.0), gm(2 * N, 0.0), gc(4 * N, 0.0), gf(NF * N, 0.0), gd(N, 0.0), gimg = w;
  CUAD_GRAD(render_image_grad_8_9_10_11_12(s.ranges.data(), TX, TY, s.list.data(), (int)s.list.size(), N, W, H,
                                           s.means.data(), s.conics.data(), s.feat.data(), s.depth.data(), img.data(),
                                           gm.data(), gc.data(), gf.data(), gd.data(), gimg.data()));
  check.array("means_h", gm, fd(s.means, loss));
  check.array("conic_h", gc, fd(s.conics, loss));
  check.array("feat_h", gf, fd(s.feat, loss));
  check.array("depth_h", gd, fd(s.depth, loss));
  check.array("img_h (only written)", gimg, zeros<double>((NF + 1) * P));
#endif
  return check.finish();
}
