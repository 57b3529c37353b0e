#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw17s_gat_warp");
  Rng rng(17004);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  // 10 destination nodes, 12 features (lanes 12..31 idle while aggregating); node 3 has 41
  // in-edges (two lane strides), the others 1..6 plus their self loop; repeated sources.
  const int n = 10, F = 12;
  std::vector<int> indptr = {0}, indices;
  for (int i = 0; i < n; ++i) {
    indices.push_back(i);  // self loop
    const int deg = i == 3 ? 40 : (int)rng.uniform(0, 6);
    for (int k = 0; k < deg; ++k) indices.push_back((int)rng.uniform(0, n - 1e-9));
    indptr.push_back((int)indices.size());
  }
  const int nnz = (int)indices.size();
  std::vector<double> h = rng.vec(n * F), s_src = rng.vec(n, -1.5, 1.5),
                      s_dst = rng.vec(n, -1.5, 1.5), att = zeros<double>(nnz),
                      out = zeros<double>(n * F);
  // LeakyReLU arguments away from 0
  for (int i = 0; i < n; ++i)
    for (int p = indptr[i]; p < indptr[i + 1]; ++p)
      if (std::fabs(s_dst[i] + s_src[indices[p]]) < 1e-3) std::printf("kink at edge %d\n", p);
  DeviceArray<int> dptr(indptr), didx(indices);
#endif
#if CUAD_OUTPUT == 1
  const std::vector<double> wa = rng.vec(nnz), wo = rng.vec(n * F);
  auto loss = [&] {
    DeviceArray<double> dh(h), dss(s_src), dsd(s_dst), da(att), dout(out);
    CUAD_LAUNCH(gat_softmax_aggregate, 5, 64, dptr.ptr, didx.ptr, dh.ptr, dss.ptr, dsd.ptr, da.ptr,
                dout.ptr, n, F);
    return dot(wa, da.get()) + dot(wo, dout.get());
  };
  DeviceArray<double> dh(h), dss(s_src), dsd(s_dst), da(att), dout(out), gh(zeros<double>(n * F)),
      gss(zeros<double>(n)), gsd(zeros<double>(n)), ga(wa), gout(wo);
  CUAD_GRAD(CUAD_LAUNCH(gat_softmax_aggregate_grad_2_3_4_5_6, 5, 64, dptr.ptr, didx.ptr, dh.ptr,
                        dss.ptr, dsd.ptr, da.ptr, dout.ptr, n, F, gh.ptr, gss.ptr, gsd.ptr, ga.ptr,
                        gout.ptr));
  check.array("h", gh.get(), fd(h, loss));
  check.array("s_src", gss.get(), fd(s_src, loss));
  check.array("s_dst", gsd.get(), fd(s_dst, loss));
  check.array("att", ga.get(), std::vector<double>(nnz, 0.0));
  check.array("out", gout.get(), std::vector<double>(n * F, 0.0));
#elif CUAD_OUTPUT == 2
  const std::vector<double> th = rng.vec(n * F), tss = rng.vec(n), tsd = rng.vec(n),
                            ta = rng.vec(nnz), tout = rng.vec(n * F);
  auto run = [&](const std::vector<double>& H, const std::vector<double>& SS,
                 const std::vector<double>& SD) {
    DeviceArray<double> dh(H), dss(SS), dsd(SD), da(att), dout(out);
    CUAD_LAUNCH(gat_softmax_aggregate, 5, 64, dptr.ptr, didx.ptr, dh.ptr, dss.ptr, dsd.ptr, da.ptr,
                dout.ptr, n, F);
    std::vector<double> r = as_doubles(da.get()), o = as_doubles(dout.get());
    r.insert(r.end(), o.begin(), o.end());
    return r;
  };
  auto outputs_at = [&](double t) {
    return run(along(h, t, th), along(s_src, t, tss), along(s_dst, t, tsd));
  };
  DeviceArray<double> dh(h), dss(s_src), dsd(s_dst), da(att), dout(out), d_h(th), d_ss(tss),
      d_sd(tsd), d_a(ta), d_out(tout);
  CUAD_GRAD(CUAD_LAUNCH(gat_softmax_aggregate_pushforward, 5, 64, dptr.ptr, didx.ptr, dh.ptr,
                        dss.ptr, dsd.ptr, da.ptr, dout.ptr, n, F, d_h.ptr, d_ss.ptr, d_sd.ptr,
                        d_a.ptr, d_out.ptr));
  std::vector<double> tang = as_doubles(d_a.get()), to = as_doubles(d_out.get());
  tang.insert(tang.end(), to.begin(), to.end());
  check.array("att,out", tang, directional_fd<double>(outputs_at));
#else
  // Node scores: 9 nodes, 40 features (a lane stride and a partial one), 3 warps per block.
  const int n = 9, F = 40;
  std::vector<double> h = rng.vec(n * F), a_src = rng.vec(F), a_dst = rng.vec(F),
                      s_src = zeros<double>(n), s_dst = zeros<double>(n);
  const std::vector<double> w1 = rng.vec(n), w2 = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dh(h), das(a_src), dad(a_dst), dss(s_src), dsd(s_dst);
    CUAD_LAUNCH(gat_node_scores, 3, 96, dh.ptr, das.ptr, dad.ptr, dss.ptr, dsd.ptr, n, F);
    return dot(w1, dss.get()) + dot(w2, dsd.get());
  };
  DeviceArray<double> dh(h), das(a_src), dad(a_dst), dss(s_src), dsd(s_dst),
      gh(zeros<double>(n * F)), gas(zeros<double>(F)), gad(zeros<double>(F)), gss(w1), gsd(w2);
  CUAD_GRAD(CUAD_LAUNCH(gat_node_scores_grad_0_1_2_3_4, 3, 96, dh.ptr, das.ptr, dad.ptr, dss.ptr, dsd.ptr, n,
                        F, gh.ptr, gas.ptr, gad.ptr, gss.ptr, gsd.ptr));
  check.array("h", gh.get(), fd(h, loss));
  check.array("a_src", gas.get(), fd(a_src, loss));
  check.array("a_dst", gad.get(), fd(a_dst, loss));
  check.array("s_src", gss.get(), std::vector<double>(n, 0.0));
  check.array("s_dst", gsd.get(), std::vector<double>(n, 0.0));
#endif
  return check.finish();
}
