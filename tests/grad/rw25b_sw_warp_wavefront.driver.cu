#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_sw_warp_wavefront");
  Rng rng(25111);
  const int npairs = 3, maxlen = 40;
  std::vector<int> ql = {32, 20, 11}, tl = {38, 25, 17};
  std::vector<int> qa(npairs * maxlen, 0), tb(npairs * maxlen, 0);
  for (int p = 0; p < npairs; ++p) {
    for (int j = 0; j < tl[p]; ++j) tb[p * maxlen + j] = (int)(rng.next() % 4);
    for (int i = 0; i < ql[p]; ++i)
      qa[p * maxlen + i] = rng.uniform(0, 1) < 0.7 ? tb[p * maxlen + (i + 2 + p) % tl[p]] : (int)(rng.next() % 4);
  }
  std::vector<double> subst(16);
  for (int x = 0; x < 4; ++x)
    for (int y = 0; y < 4; ++y) subst[x * 4 + y] = x == y ? rng.uniform(0.9, 1.3) : rng.uniform(-1.3, -0.7);
  double gap = -1.1, temp = 0.6;
  DeviceArray<int> d_qa(qa), d_ql(ql), d_tb(tb), d_tl(tl);
  const std::vector<double> w = rng.vec(npairs);
  auto run = [&] {
    DeviceArray<double> d_s(subst), d_out(zeros<double>(npairs));
    CUAD_LAUNCH(soft_sw_warp, 2, 64, d_qa.ptr, d_ql.ptr, d_tb.ptr, d_tl.ptr, maxlen, npairs, d_s.ptr, gap, temp, d_out.ptr);
    return d_out.get();
  };
  std::printf("scores:");
  for (double v : run()) std::printf(" %.5f", v);
  std::printf("\n");
  auto loss = [&] { return dot(w, run()); };
  DeviceArray<double> d_s(subst), d_out(zeros<double>(npairs)), g_s(zeros<double>(16)), g_out(w);
  DeviceScalar<double> g_gap(0.0), g_temp(0.0);
  CUAD_GRAD(CUAD_LAUNCH(soft_sw_warp_grad_6_7_8_9, 2, 64, d_qa.ptr, d_ql.ptr, d_tb.ptr, d_tl.ptr, maxlen, npairs, d_s.ptr,
                        gap, temp, d_out.ptr, g_s.ptr, g_gap.ptr, g_temp.ptr, g_out.ptr));
  check.array("subst", g_s.get(), fd(subst, loss));
  check.scalar("gap", g_gap.value(), fd(gap, loss));
  check.scalar("temp", g_temp.value(), fd(temp, loss));
  check.array("score", g_out.get(), zeros<double>(npairs));
  return check.finish();
}
