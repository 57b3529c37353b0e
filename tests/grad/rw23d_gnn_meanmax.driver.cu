#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_gnn_meanmax");
  Rng rng(23003);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  const int N = 19, F = 8;
  std::vector<int> indptr = {0}, src;
  std::vector<float> ew;
  for (int v = 0; v < N; ++v) {
    const int deg = (v % 6 == 4) ? 0 : 1 + (int)rng.uniform(0, 5);
    for (int k = 0; k < deg; ++k) {
      src.push_back((int)rng.uniform(0, N - 1e-9));
      ew.push_back((float)rng.uniform(0.3, 1.5));
    }
    indptr.push_back((int)src.size());
  }
  const int E = (int)src.size();
  std::vector<float> h = rng.vec<float>(N * F, -1.0, 1.0), root = rng.vec<float>(F);
  // keep the max of every (v, f) unique by a margin (no ties under the finite differences)
  auto msg = [](double w, double hu, double hv) {
    return w * hu / (1.0 + std::exp(-(hv + 0.5 * w))) + 0.1 * hu * hu;
  };
  for (int v = 0; v < N; ++v)
    for (int f = 0; f < F; ++f)
      for (int tries = 0; tries < 200; ++tries) {
        std::vector<double> ms;
        for (int e = indptr[v]; e < indptr[v + 1]; ++e)
          ms.push_back(msg(ew[e], h[src[e] * F + f], h[v * F + f]));
        bool ok = true;
        for (size_t a = 0; a < ms.size(); ++a)
          for (size_t b = a + 1; b < ms.size(); ++b) ok &= std::fabs(ms[a] - ms[b]) > 0.03;
        if (ok) break;
        for (int e = indptr[v]; e < indptr[v + 1]; ++e) ew[e] = (float)rng.uniform(0.3, 1.5);
      }
  // duplicate edges from the same source with different weights can still tie only if equal
  const std::vector<float> w = rng.vec<float>(N * 2 * F);
  DeviceArray<int> d_ip(indptr), d_src(src);
  auto run = [&](const std::vector<float>& hh, const std::vector<float>& ee, const std::vector<float>& rr) {
    DeviceArray<float> d_h(hh), d_e(ee), d_r(rr), d_o(zeros<float>(N * 2 * F));
    Graph g{N, d_ip.ptr, d_src.ptr, d_e.ptr};
    CUAD_LAUNCH(gnn_meanmax_aggregate, dim3((N + 3) / 4), dim3(F, 4), g, d_h.ptr, d_r.ptr, d_o.ptr);
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(h, ew, root)); };
  DeviceArray<float> d_h(h), d_e(ew), d_r(root), d_o(zeros<float>(N * 2 * F)), g_h(zeros<float>(N * F)),
      g_e(zeros<float>(E)), g_r(zeros<float>(F)), g_o(w);
  Graph g{N, d_ip.ptr, d_src.ptr, d_e.ptr};
  // the struct's adjoint: a device copy of a Graph whose ew field points at the edge adjoints
  DeviceArray<Graph> dg(std::vector<Graph>{Graph{0, nullptr, nullptr, g_e.ptr}});
  CUAD_GRAD(CUAD_LAUNCH(gnn_meanmax_aggregate_grad, dim3((N + 3) / 4), dim3(F, 4), g, d_h.ptr, d_r.ptr,
                        d_o.ptr, dg.ptr, g_h.ptr, g_r.ptr, g_o.ptr));
  check.array("h", g_h.get(), fd(h, loss));
  check.array("ew", g_e.get(), fd(ew, loss));
  check.array("root_w", g_r.get(), fd(root, loss));
  check.array("out", g_o.get(), zeros<double>(N * 2 * F));
#endif
#if CUAD_OUTPUT == 3
  const std::vector<float> th = rng.vec<float>(N * F), te = rng.vec<float>(E), tr = rng.vec<float>(F);
  auto outputs_at = [&](double t) { return as_doubles(run(along(h, t, th), along(ew, t, te), along(root, t, tr))); };
  DeviceArray<float> d_h(h), d_e(ew), d_r(root), d_o(zeros<float>(N * 2 * F)), t_h(th), t_e(te), t_r(tr),
      t_o(zeros<float>(N * 2 * F));
  Graph g{N, d_ip.ptr, d_src.ptr, d_e.ptr};
  Graph tg{N, d_ip.ptr, d_src.ptr, t_e.ptr};  // the tangent struct: ew points at the edge tangents
  CUAD_GRAD(CUAD_LAUNCH(gnn_meanmax_aggregate_pushforward, dim3((N + 3) / 4), dim3(F, 4), g, d_h.ptr, d_r.ptr,
                        d_o.ptr, tg, t_h.ptr, t_r.ptr, t_o.ptr));
  check.array("out tangent", as_doubles(t_o.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
#endif
#if CUAD_OUTPUT == 2
  for (int t = 0; t < 4; ++t) {
    float wv = (float)rng.uniform(0.3, 1.5), hu = (float)rng.uniform(-1, 1), hv = (float)rng.uniform(-1, 1);
    float dw = 0, dhu = 0, dhv = 0;
    CUAD_GRAD(edge_message_grad(wv, hu, hv, &dw, &dhu, &dhv));
    auto L = [&] { return (double)edge_message(wv, hu, hv); };
    check.scalar("w", dw, fd(wv, L));
    check.scalar("hu", dhu, fd(hu, L));
    check.scalar("hv", dhv, fd(hv, L));
  }
#endif
  return check.finish();
}
