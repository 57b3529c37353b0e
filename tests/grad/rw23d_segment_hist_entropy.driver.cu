#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_segment_hist_entropy");
  Rng rng(23017);
  const int n_seg = 7;
  std::vector<int> ids;
  for (int s = 0; s < n_seg; ++s) {
    const int len = s == 3 ? 0 : (s == 5 ? 40 : (int)rng.uniform(2, 12));
    for (int k = 0; k < len; ++k) ids.push_back(s);
  }
  const int n = (int)ids.size();
  std::vector<float> pos(n), weight = rng.vec<float>(n, 0.2, 1.0), out = rng.vec<float>(n_seg);
  for (int i = 0; i < n; ++i) {
    float p;
    do p = (float)rng.uniform(0.0, 0.999);
    while (std::fabs(p * (NB - 1) - std::round(p * (NB - 1))) < 0.05);
    pos[i] = p;
  }
  const std::vector<float> w = rng.vec<float>(n_seg);
  DeviceArray<int> d_ids(ids);
  auto loss = [&] {
    DeviceArray<float> dp(pos), dw(weight), dout(out);
    CUAD_LAUNCH(segment_hist_entropy, n_seg, NB, n, d_ids.ptr, dp.ptr, dw.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<float> dp(pos), dw(weight), dout(out), gp(zeros<float>(n)), gw(zeros<float>(n)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(segment_hist_entropy_grad_2_3_4, n_seg, NB, n, d_ids.ptr, dp.ptr, dw.ptr, dout.ptr, gp.ptr,
                        gw.ptr, gout.ptr));
  check.array("pos", gp.get(), fd(pos, loss));
  check.array("weight", gw.get(), fd(weight, loss));
  check.array("out", gout.get(), zeros<double>(n_seg));
  return check.finish();
}
