#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 40 nodes, nodes 7, 19, 33 dangling (no out-edges), 110 edges sorted by source; 6 iterations.
int main() {
  Checker check("rw26e_pagerank_dangling_const");
  Rng rng(26516);
  const int n = 40, iters = 6;
  std::vector<int> src, dst;
  for (int u = 0; u < n; ++u) {
    if (u == 7 || u == 19 || u == 33) continue;
    const int deg = 1 + (u * 5) % 5;
    for (int k = 0; k < deg; ++k) {
      src.push_back(u);
      dst.push_back((u * 3 + k * 11 + 1) % n);
    }
  }
  const int m = (int)src.size();
  std::vector<float> ew = rng.vec<float>(m, 0.5, 1.5), tele = rng.vec<float>(n, 0.5, 1.5), r0(n);
  float ts = 0;
  for (float t : tele) ts += t;
  for (auto& t : tele) t /= ts;
  for (int v = 0; v < n; ++v) r0[v] = 1.0f / n;
  float damping = 0.85f;
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n, 0.0, 40.0);  // ranks are ~1/n
  auto loss = [&] {
    std::vector<float> r = r0;
    pagerank_power(n, m, src.data(), dst.data(), ew.data(), tele.data(), damping, iters, r.data());
    return dot(w, r);
  };
  std::vector<float> r = r0, gw(m, 0.0f), gt(n, 0.0f), gr = w;
  float gd = 0.0f;
  CUAD_GRAD(pagerank_power_grad_4_5_6_8(n, m, src.data(), dst.data(), ew.data(), tele.data(), damping, iters,
                                        r.data(), gw.data(), gt.data(), &gd, gr.data()));
  check.array("edge_w", gw, fd(ew, loss));
  check.array("teleport", gt, fd(tele, loss));
  check.scalar("damping", gd, fd(damping, loss));
  check.array("rank", gr, fd(r0, loss));
#else
  const std::vector<float> vw = rng.vec<float>(m), vt = rng.vec<float>(n, -0.02, 0.02), vr = rng.vec<float>(n, -0.02, 0.02);
  const float vd = 0.3f;
  auto run = [&](const std::vector<float>& a, const std::vector<float>& t, float d, const std::vector<float>& r0v) {
    std::vector<float> r = r0v;
    pagerank_power(n, m, src.data(), dst.data(), a.data(), t.data(), d, iters, r.data());
    return r;
  };
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(ew, t, vw), along(tele, t, vt), (float)(damping + t * vd), along(r0, t, vr)));
  };
  std::vector<float> r = r0, tr = vr;
  CUAD_GRAD(pagerank_power_pushforward(n, m, src.data(), dst.data(), ew.data(), tele.data(), damping, iters,
                                               r.data(), vw.data(), vt.data(), vd, tr.data()));
  check.array("rank tangent", as_doubles(tr), directional_fd<float>(outputs_at), Tol{2e-4, 1e-2});
#if !defined(CUAD_SELFTEST)
  check.array("rank value", r, as_doubles(run(ew, tele, damping, r0)));
#endif
#endif
  return check.finish();
}
