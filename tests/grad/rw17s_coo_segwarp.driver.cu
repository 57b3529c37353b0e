#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
using namespace cuad_test;

int main() {
  Checker check("rw17s_coo_segwarp");
  // 25 nodes with 3 features, 150 edges sorted by dst (segments from 0 to ~15 edges, some
  // crossing the 32-edge warp tiles), 2 blocks of 64 threads: 4 warps for 5 tiles (grid
  // stride), the last tile partial.
  const int n = 25, F = 3, m = 150;
  Rng rng(17008);
  std::vector<std::pair<int, int>> pairs;
  for (int e = 0; e < m; ++e)
    pairs.push_back({(int)rng.uniform(0, n - 1e-9), (int)rng.uniform(0, n - 1e-9)});
  std::sort(pairs.begin(), pairs.end(), [](auto a, auto b) { return a.second < b.second; });
  std::vector<double> w = rng.vec(m, -1.0, 1.0), x = rng.vec(n * F), out = rng.vec(n * F);
  auto edges_of = [&](const std::vector<double>& ww) {
    std::vector<Edge> es(m);
    for (int e = 0; e < m; ++e) es[e] = Edge{pairs[e].first, pairs[e].second, ww[e]};
    return es;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> wo = rng.vec(n * F);
  auto loss = [&] {
    DeviceArray<Edge> de(edges_of(w));
    DeviceArray<double> dx(x), dout(out);
    CUAD_LAUNCH(edge_aggregate_segmented, 2, 64, de.ptr, m, dx.ptr, F, dout.ptr);
    return dot(wo, dout.get());
  };
  DeviceArray<Edge> de(edges_of(w)), ge(edges_of(zeros<double>(m)));
  DeviceArray<double> dx(x), dout(out), gx(zeros<double>(n * F)), gout(wo);
  CUAD_GRAD(CUAD_LAUNCH(edge_aggregate_segmented_grad_0_2_4, 2, 64, de.ptr, m, dx.ptr, F, dout.ptr,
                        ge.ptr, gx.ptr, gout.ptr));
  std::vector<Edge> gev = ge.get();
  std::vector<double> gw(m);
  for (int e = 0; e < m; ++e) gw[e] = gev[e].w;
  check.array("edges.w", gw, fd(w, loss));
  check.array("x", gx.get(), fd(x, loss));
  check.array("out", gout.get(), fd(out, loss));
#else
  const std::vector<double> tw = rng.vec(m), tx = rng.vec(n * F), tout = rng.vec(n * F);
  auto outputs_at = [&](double t) {
    DeviceArray<Edge> de(edges_of(along(w, t, tw)));
    DeviceArray<double> dx(along(x, t, tx)), dout(along(out, t, tout));
    CUAD_LAUNCH(edge_aggregate_segmented, 2, 64, de.ptr, m, dx.ptr, F, dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<Edge> de(edges_of(w)), te(edges_of(tw));
  DeviceArray<double> dx(x), dout(out), d_x(tx), d_out(tout);
  CUAD_GRAD(CUAD_LAUNCH(edge_aggregate_segmented_pushforward, 2, 64, de.ptr, m, dx.ptr, F, dout.ptr,
                        te.ptr, d_x.ptr, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
