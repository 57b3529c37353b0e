#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_pagerank_host");
  Rng rng(23012);
  const int n = 40;
  std::vector<int> indptr = {0}, src;
  // every node has out-edges (ring) plus random in-edges
  for (int v = 0; v < n; ++v) {
    src.push_back((v + n - 1) % n);
    const int k = (int)rng.uniform(0, 4);
    for (int q = 0; q < k; ++q) src.push_back((int)rng.uniform(0, n - 1e-9));
    indptr.push_back((int)src.size());
  }
  const int E = (int)src.size();
  std::vector<float> ew = rng.vec<float>(E, 0.5, 2.0), tel = rng.vec<float>(n, 0.0, 2.0 / n), r0(n, 1.0f / n);
  const float damping = 0.6f;
  const int max_iter = 100;
  // the iteration count must not move under the finite differences: a double reference of the
  // convergence history, and the tolerance at the geometric middle between the squared updates
  // of iterations 7 and 8 (a factor ~damping^-2 apart)
  std::vector<double> hist;
  {
    std::vector<double> s(n, 0.0), r(r0.begin(), r0.end()), rn(n);
    for (int e = 0; e < E; ++e) s[src[e]] += ew[e];
    for (int it = 0; it < 8; ++it) {
      double d = 0.0;
      for (int v = 0; v < n; ++v) {
        double acc = 0.0;
        for (int e = indptr[v]; e < indptr[v + 1]; ++e) acc += ew[e] / s[src[e]] * r[src[e]];
        rn[v] = (1.0 - damping) * tel[v] + damping * acc;
        d += (rn[v] - r[v]) * (rn[v] - r[v]);
      }
      hist.push_back(d);
      r = rn;
    }
  }
  const float tol = (float)std::sqrt(hist[6] * hist[7]);
  std::printf("squared updates at iterations 7, 8: %.3e %.3e, tol %.3e\n", hist[6], hist[7], tol);
  const std::vector<float> w = rng.vec<float>(n);
  int iters_used = 0;
  auto loss = [&] {
    std::vector<float> r = r0;
    iters_used = personalized_pagerank(n, E, indptr.data(), src.data(), ew.data(), tel.data(), r.data(), damping,
                                       tol, max_iter);
    return dot(w, r);
  };
  loss();
  const int it0 = iters_used;
  std::printf("iterations: %d\n", it0);
  check.expect(it0 == 8, "stops after 8 iterations");
#if CUAD_OUTPUT == 1
  std::vector<float> r = r0, gw(E, 0.0f), gt(n, 0.0f), gr = w;
  CUAD_GRAD(personalized_pagerank_grad_4_5_6(n, E, indptr.data(), src.data(), ew.data(), tel.data(), r.data(),
                                             damping, tol, max_iter, gw.data(), gt.data(), gr.data()));
  const auto fw = fd(ew, loss);
  check.expect(iters_used == it0, "same iteration count");
  check.array("ew", gw, fw);
  check.array("teleport", gt, fd(tel, loss));
  check.array("rank", gr, fd(r0, loss));
#else
  const std::vector<float> tw = rng.vec<float>(E), tt = rng.vec<float>(n, 0.0, 0.01), tr = rng.vec<float>(n, 0.0, 0.01);
  int iters_fd = 0;
  auto outputs_at = [&](double t) {
    std::vector<float> r = along(r0, t, tr), ww = along(ew, t, tw), te = along(tel, t, tt);
    iters_fd = personalized_pagerank(n, E, indptr.data(), src.data(), ww.data(), te.data(), r.data(), damping, tol,
                                     max_iter);
    check.expect(iters_fd == it0, "same iteration count along the direction");
    return as_doubles(r);
  };
  std::vector<float> r = r0, dw = tw, dt = tt, dr = tr;
  int it_pf = it0;
  CUAD_GRAD(it_pf = personalized_pagerank_pushforward_4_5_6(n, E, indptr.data(), src.data(), ew.data(), tel.data(), r.data(),
                                                      damping, tol, max_iter, dw.data(), dt.data(), dr.data()).value);
  check.expect(it_pf == it0, "pushforward returns the iteration count");
  check.array("rank tangent", as_doubles(dr), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
