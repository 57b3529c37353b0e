#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
using namespace cuad_test;

int main() {
  Checker check("rw13_gfx_gs_tile");
  const int W = 10, H = 9, NG = 26, CH = 3;
  const int tx = (W + BLOCK_X - 1) / BLOCK_X, ty = (H + BLOCK_Y - 1) / BLOCK_Y, ntile = tx * ty;
  Rng rng(1302);
  // means (2 per Gaussian), conic + opacity (4 per Gaussian), colors (3 per Gaussian)
  std::vector<double> m(2 * NG), co(4 * NG), col = rng.vec(CH * NG, 0.05, 1.0), depth(NG);
  for (int g = 0; g < NG; ++g) {
    m[2 * g] = rng.uniform(-1.0, W);
    m[2 * g + 1] = rng.uniform(-1.0, H);
    const double sx = rng.uniform(1.0, 2.5), sy = rng.uniform(1.0, 2.5), r = rng.uniform(-0.5, 0.5);
    const double a = sx * sx, b = r * sx * sy, c = sy * sy, det = a * c - b * b;
    co[4 * g] = c / det;
    co[4 * g + 1] = -b / det;
    co[4 * g + 2] = a / det;
    co[4 * g + 3] = rng.uniform(0.45, 0.97);
    depth[g] = rng.uniform(1.0, 10.0);
  }
  // per-tile lists (Gaussians near the tile), sorted by depth
  std::vector<int> order(NG), plist;
  for (int g = 0; g < NG; ++g) order[g] = g;
  std::sort(order.begin(), order.end(), [&](int a, int b) { return depth[a] < depth[b]; });
  std::vector<int2> ranges(ntile);
  for (int t = 0; t < ntile; ++t) {
    const double x0 = (t % tx) * BLOCK_X - 4.0, x1 = (t % tx + 1) * BLOCK_X + 3.0;
    const double y0 = (t / tx) * BLOCK_Y - 4.0, y1 = (t / tx + 1) * BLOCK_Y + 3.0;
    ranges[t].x = (int)plist.size();
    for (int g : order)
      if (m[2 * g] > x0 && m[2 * g] < x1 && m[2 * g + 1] > y0 && m[2 * g + 1] < y1) plist.push_back(g);
    ranges[t].y = (int)plist.size();
  }
  std::vector<double> bg = {0.1, 0.2, 0.3};
  std::vector<double> wc = rng.vec(CH * W * H), wt = rng.vec(W * H);
  auto d2 = [](const std::vector<double>& v) {
    return std::vector<double2>((const double2*)v.data(), (const double2*)v.data() + v.size() / 2);
  };
  auto d4 = [](const std::vector<double>& v) {
    return std::vector<double4>((const double4*)v.data(), (const double4*)v.data() + v.size() / 4);
  };
  DeviceArray<int2> dr(ranges);
  DeviceArray<int> dl(plist);
  DeviceArray<double> dbg(bg);
  const dim3 grid(tx, ty), block(BLOCK_X, BLOCK_Y);
  auto loss = [&] {
    DeviceArray<double2> dm(d2(m));
    DeviceArray<double4> dco(d4(co));
    DeviceArray<double> dcol(col), dout(zeros<double>(CH * W * H)), dT(zeros<double>(W * H));
    CUAD_LAUNCH(render_tiles<3>, grid, block, dr.ptr, dl.ptr, W, H, dm.ptr, dco.ptr, dcol.ptr,
                dbg.ptr, dout.ptr, dT.ptr);
    return dot(wc, dout.get()) + dot(wt, dT.get());
  };
  DeviceArray<double2> dm(d2(m)), am(d2(zeros<double>(2 * NG)));
  DeviceArray<double4> dco(d4(co)), aco(d4(zeros<double>(4 * NG)));
  DeviceArray<double> dcol(col), acol(zeros<double>(CH * NG)), dout(zeros<double>(CH * W * H)),
      aout(wc), dT(zeros<double>(W * H)), aT(wt);
  CUAD_GRAD(CUAD_LAUNCH(render_tiles_grad_4_5_6_8_9<3>, grid, block, dr.ptr, dl.ptr, W, H, dm.ptr,
                        dco.ptr, dcol.ptr, dbg.ptr, dout.ptr, dT.ptr, am.ptr, aco.ptr, acol.ptr,
                        aout.ptr, aT.ptr));
  std::vector<double2> A = am.get();
  std::vector<double4> B = aco.get();
  check.array("means2d", std::vector<double>((double*)A.data(), (double*)A.data() + 2 * NG), fd(m, loss));
  check.array("conic_opacity", std::vector<double>((double*)B.data(), (double*)B.data() + 4 * NG), fd(co, loss));
  check.array("colors", acol.get(), fd(col, loss));
  return check.finish();
}
