#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_segment_bsearch_pool");
  Rng rng(23009);
#if CUAD_OUTPUT == 1
  const int n_seg = 23;
  std::vector<int> ids;
  for (int s = 0; s < n_seg; ++s) {
    const int len = (s % 7 == 3) ? 0 : (int)rng.uniform(1, 7);
    for (int k = 0; k < len; ++k) ids.push_back(s);
  }
  const int n = (int)ids.size();
  std::vector<double> score = rng.vec(n, -2.0, 2.0), val = rng.vec(n * D), out = rng.vec(n_seg * D);
  const std::vector<double> w = rng.vec(n_seg * D);
  DeviceArray<int> d_ids(ids);
  auto loss = [&] {
    DeviceArray<double> ds(score), dv(val), dout(out);
    CUAD_LAUNCH(segment_attention_pool, 1, 32, n, n_seg, d_ids.ptr, ds.ptr, dv.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> ds(score), dv(val), dout(out), gs(zeros<double>(n)), gv(zeros<double>(n * D)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(segment_attention_pool_grad_3_4_5, 1, 32, n, n_seg, d_ids.ptr, ds.ptr, dv.ptr, dout.ptr,
                        gs.ptr, gv.ptr, gout.ptr));
  check.array("score", gs.get(), fd(score, loss));
  check.array("val", gv.get(), fd(val, loss));
  check.array("out", gout.get(), zeros<double>(n_seg * D));
#else
  std::vector<double> v = rng.vec(12, -2.0, 2.0), g(12, 0.0);
  const int lo = 2, hi = 9;
  CUAD_GRAD(segment_logsumexp_grad_0(v.data(), lo, hi, g.data()));
  auto loss = [&] { return segment_logsumexp(v.data(), lo, hi); };
  check.array("v", g, fd(v, loss));
#endif
  return check.finish();
}
