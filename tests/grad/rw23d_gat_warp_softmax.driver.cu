#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_gat_warp_softmax");
  Rng rng(23010);
  const int N = 11;
  std::vector<int> indptr = {0}, src;
  for (int v = 0; v < N; ++v) {
    const int deg = v == 4 ? 0 : (v % 5 == 1 ? 40 + v : 1 + (int)rng.uniform(0, 9));
    for (int k = 0; k < deg; ++k) src.push_back((int)rng.uniform(0, N - 1e-9));
    indptr.push_back((int)src.size());
  }
  const int E = (int)src.size();
  std::vector<float> h = rng.vec<float>(N * kFeat), el(N), er(N);
  // keep el[u] + er[v] away from the leaky-relu kink at 0 for every edge
  for (int tries = 0;; ++tries) {
    el = rng.vec<float>(N, -1.5, 1.5);
    er = rng.vec<float>(N, -1.5, 1.5);
    bool ok = true;
    for (int v = 0; v < N; ++v)
      for (int e = indptr[v]; e < indptr[v + 1]; ++e) ok &= std::fabs(el[src[e]] + er[v]) > 0.05;
    if (ok) break;
    if (tries > 100000) { std::printf("no inputs\n"); return 1; }
  }
  DeviceArray<int> d_ip(indptr), d_src(src);
  const int threads = 64, blocks = (N * 32 + threads - 1) / threads;
  auto run = [&](const std::vector<float>& hh, const std::vector<float>& l, const std::vector<float>& r,
                 std::vector<float>* a_out) {
    DeviceArray<float> dh(hh), dl(l), dr(r), da(zeros<float>(E)), dout(zeros<float>(N * kFeat));
    CUAD_LAUNCH(gat_aggregate, blocks, threads, N, d_ip.ptr, d_src.ptr, dh.ptr, dl.ptr, dr.ptr, da.ptr, dout.ptr);
    *a_out = da.get();
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wa = rng.vec<float>(E), wo = rng.vec<float>(N * kFeat);
  auto loss = [&] {
    std::vector<float> a;
    std::vector<float> o = run(h, el, er, &a);
    return dot(wa, a) + dot(wo, o);
  };
  DeviceArray<float> dh(h), dl(el), dr(er), da(zeros<float>(E)), dout(zeros<float>(N * kFeat)),
      gh(zeros<float>(N * kFeat)), gl(zeros<float>(N)), gr(zeros<float>(N)), ga(wa), go(wo);
  CUAD_GRAD(CUAD_LAUNCH(gat_aggregate_grad_3_4_5_6_7, blocks, threads, N, d_ip.ptr, d_src.ptr, dh.ptr, dl.ptr,
                        dr.ptr, da.ptr, dout.ptr, gh.ptr, gl.ptr, gr.ptr, ga.ptr, go.ptr));
  check.array("h", gh.get(), fd(h, loss));
  check.array("el", gl.get(), fd(el, loss));
  check.array("er", gr.get(), fd(er, loss));
  check.array("alpha", ga.get(), zeros<double>(E));
  check.array("out", go.get(), zeros<double>(N * kFeat));
#else
  const std::vector<float> th = rng.vec<float>(N * kFeat), tl = rng.vec<float>(N), tr = rng.vec<float>(N);
  auto outputs_at = [&](double t) {
    std::vector<float> a;
    std::vector<double> o = as_doubles(run(along(h, t, th), along(el, t, tl), along(er, t, tr), &a));
    for (float q : a) o.push_back(q);
    return o;
  };
  DeviceArray<float> dh(h), dl(el), dr(er), da(zeros<float>(E)), dout(zeros<float>(N * kFeat)), t_h(th), t_l(tl),
      t_r(tr), t_a(zeros<float>(E)), t_o(zeros<float>(N * kFeat));
  CUAD_GRAD(CUAD_LAUNCH(gat_aggregate_pushforward, blocks, threads, N, d_ip.ptr, d_src.ptr, dh.ptr, dl.ptr, dr.ptr,
                        da.ptr, dout.ptr, t_h.ptr, t_l.ptr, t_r.ptr, t_a.ptr, t_o.ptr));
  std::vector<double> tang = as_doubles(t_o.get());
  for (float q : t_a.get()) tang.push_back(q);
  check.array("out,alpha tangent", tang, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
