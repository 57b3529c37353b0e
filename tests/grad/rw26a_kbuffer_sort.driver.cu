#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int W = 12, H = 10, P = W * H, N = 14;

static std::vector<double2> to2(const std::vector<double>& v) {
  std::vector<double2> a(v.size() / 2);
  for (size_t i = 0; i < a.size(); ++i) a[i] = make_double2(v[2 * i], v[2 * i + 1]);
  return a;
}
static std::vector<double3> to3(const std::vector<double>& v) {
  std::vector<double3> a(v.size() / 3);
  for (size_t i = 0; i < a.size(); ++i) a[i] = make_double3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
  return a;
}
static std::vector<double> fl2(const std::vector<double2>& a) {
  std::vector<double> v;
  for (auto& q : a) v.insert(v.end(), {q.x, q.y});
  return v;
}
static std::vector<double> fl3(const std::vector<double3>& a) {
  std::vector<double> v;
  for (auto& q : a) v.insert(v.end(), {q.x, q.y, q.z});
  return v;
}

int main() {
  Checker check("rw26a_kbuffer_sort");
  Rng rng(26909);
  std::vector<double> means(2 * N), ls(N), op(N), dep(N), col = rng.vec(3 * N, 0.0, 1.0);
  int full = 0, tries = 0;
  for (;; ++tries) {
    for (int g = 0; g < N; ++g) {
      means[2 * g] = rng.uniform(-1.0, W);
      means[2 * g + 1] = rng.uniform(-1.0, H);
      ls[g] = std::log(rng.uniform(1.5, 3.5));
      op[g] = rng.uniform(0.3, 0.9);
      dep[g] = rng.uniform(1.0, 8.0);
    }
    bool ok = true;
    full = 0;
    for (int g = 0; g < N && ok; ++g)
      for (int h = 0; h < g; ++h)
        if (std::fabs(dep[g] - dep[h]) < 1e-3) ok = false;
    for (int py = 0; py < H && ok; ++py)
      for (int px = 0; px < W && ok; ++px) {
        int cnt = 0;
        for (int g = 0; g < N; ++g) {
          const double dx = px - means[2 * g], dy = py - means[2 * g + 1];
          const double a = op[g] * std::exp(-0.5 * (dx * dx + dy * dy) * std::exp(-2.0 * ls[g]));
          if (std::fabs(std::log(a / 0.01)) < 1e-3) ok = false;
          cnt += a >= 0.01;
        }
        full += cnt > 4;
      }
    if ((ok && full >= 10) || tries > 200) break;
  }
  std::printf("pixels with more than K fragments: %d (after %d redraws)\n", full, tries);
  check.expect(tries <= 200, "a scene away from the alpha cutoff with overfull pixels");
  const double3 bg = make_double3(0.1, 0.2, 0.3);
  const dim3 block(8, 8), grid((W + 7) / 8, (H + 7) / 8);
  auto run = [&](const std::vector<double>& m, const std::vector<double>& l, const std::vector<double>& o,
                 const std::vector<double>& d, const std::vector<double>& c) {
    DeviceArray<double2> dm(to2(m));
    DeviceArray<double> dl(l), dop(o), dd(d), odep(zeros<double>(P));
    DeviceArray<double3> dc(to3(c)), orgb(to3(zeros<double>(3 * P)));
    DeviceArray<int> ocnt(std::vector<int>(P, -1));
    CUAD_LAUNCH(kbuffer_composite<4>, grid, block, dm.ptr, dl.ptr, dop.ptr, dd.ptr, dc.ptr, N, W, H, bg, orgb.ptr,
                odep.ptr, ocnt.ptr);
    std::vector<double> out = fl3(orgb.get()), z = odep.get();
    out.insert(out.end(), z.begin(), z.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(4 * P);
  auto loss = [&] { return dot(w, run(means, ls, op, dep, col)); };
  DeviceArray<double2> dm(to2(means)), gm(to2(zeros<double>(2 * N)));
  DeviceArray<double> dl(ls), dop(op), dd(dep), odep(zeros<double>(P)), gl(zeros<double>(N)), gop(zeros<double>(N)),
      gd(zeros<double>(N)), godep(std::vector<double>(w.begin() + 3 * P, w.end()));
  DeviceArray<double3> dc(to3(col)), orgb(to3(zeros<double>(3 * P))), gc(to3(zeros<double>(3 * N))),
      gorgb(to3(std::vector<double>(w.begin(), w.begin() + 3 * P)));
  DeviceArray<int> ocnt(std::vector<int>(P, -1));
  CUAD_GRAD(CUAD_LAUNCH(kbuffer_composite_grad_0_1_2_3_4_9_10<4>, grid, block, dm.ptr, dl.ptr, dop.ptr, dd.ptr, dc.ptr,
                        N, W, H, bg, orgb.ptr, odep.ptr, ocnt.ptr, gm.ptr, gl.ptr, gop.ptr, gd.ptr, gc.ptr, gorgb.ptr,
                        godep.ptr));
  check.array("means", fl2(gm.get()), fd(means, loss));
  check.array("log_sigma", gl.get(), fd(ls, loss));
  check.array("opacity", gop.get(), fd(op, loss));
  check.array("depth", gd.get(), fd(dep, loss));
  check.array("colors", fl3(gc.get()), fd(col, loss));
  check.array("out_rgb (only written)", fl3(gorgb.get()), zeros<double>(3 * P));
  check.array("out_depth (only written)", godep.get(), zeros<double>(P));
#else
  const std::vector<double> vm = rng.vec(2 * N), vl = rng.vec(N), vo = rng.vec(N), vd = rng.vec(N), vc = rng.vec(3 * N);
  auto outputs_at = [&](double t) {
    return run(along(means, t, vm), along(ls, t, vl), along(op, t, vo), along(dep, t, vd), along(col, t, vc));
  };
  DeviceArray<double2> dm(to2(means)), tm(to2(vm));
  DeviceArray<double> dl(ls), dop(op), dd(dep), odep(zeros<double>(P)), tl(vl), top(vo), td(vd), todep(zeros<double>(P));
  DeviceArray<double3> dc(to3(col)), orgb(to3(zeros<double>(3 * P))), tc(to3(vc)), torgb(to3(zeros<double>(3 * P)));
  DeviceArray<int> ocnt(std::vector<int>(P, -1));
  CUAD_GRAD(CUAD_LAUNCH(kbuffer_composite_pushforward_0_1_2_3_4_9_10<4>, grid, block, dm.ptr, dl.ptr, dop.ptr, dd.ptr,
                        dc.ptr, N, W, H, bg, orgb.ptr, odep.ptr, ocnt.ptr, tm.ptr, tl.ptr, top.ptr, td.ptr, tc.ptr,
                        torgb.ptr, todep.ptr));
  std::vector<double> tang = fl3(torgb.get()), z = todep.get();
  tang.insert(tang.end(), z.begin(), z.end());
  check.array("tangent", tang, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
