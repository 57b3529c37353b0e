#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 4 graphs of 5, 37, 1 and 12 nodes (the second needs 2 blocks).
int main() {
  Checker check("rw26e_batched_graphs_offsets");
  Rng rng(26524);
  const int G = 4;
  const int sizes[G] = {5, 37, 1, 12};
  std::vector<int> noff = {0}, eoff = {0}, rpl, coll;
  for (int g = 0; g < G; ++g) {
    const int n = sizes[g];
    int cnt = 0;
    rpl.push_back(0);
    for (int i = 0; i < n; ++i) {
      const int deg = n == 1 ? 1 : 1 + (i * 3 + g) % 4;
      for (int k = 0; k < deg; ++k) coll.push_back((i + k * 2 + 1) % n);
      cnt += deg;
      rpl.push_back(cnt);
    }
    noff.push_back(noff.back() + n);
    eoff.push_back(eoff.back() + cnt);
  }
  const int N = noff.back(), NNZ = eoff.back();
  std::vector<double> val = rng.vec(NNZ, -0.8, 0.8), x = rng.vec(N), bias = rng.vec(G, -0.5, 0.5);
  auto run = [&](const std::vector<double>& v, const std::vector<double>& xx, const std::vector<double>& b) {
    std::vector<double> y(N, 0.0), ro(G, 0.0);
    batched_graph_conv(G, noff.data(), eoff.data(), rpl.data(), coll.data(), v.data(), xx.data(), b.data(), y.data(),
                       ro.data());
    y.insert(y.end(), ro.begin(), ro.end());
    return y;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> wy = rng.vec(N), wr = rng.vec(G);
  auto loss = [&] {
    std::vector<double> o = run(val, x, bias);
    double s = 0.0;
    for (int i = 0; i < N; ++i) s += wy[i] * o[i];
    for (int g = 0; g < G; ++g) s += wr[g] * o[N + g];
    return s;
  };
  std::vector<double> y(N, 0.0), ro(G, 0.0), gv(NNZ, 0.0), gx(N, 0.0), gb(G, 0.0), gy = wy, gro = wr;
  CUAD_GRAD(batched_graph_conv_grad_5_6_7_8_9(G, noff.data(), eoff.data(), rpl.data(), coll.data(), val.data(),
                                              x.data(), bias.data(), y.data(), ro.data(), gv.data(), gx.data(),
                                              gb.data(), gy.data(), gro.data()));
  check.array("val", gv, fd(val, loss));
  check.array("x", gx, fd(x, loss));
  check.array("bias", gb, fd(bias, loss));
  check.array("y", gy, zeros<double>(N));
  check.array("readout", gro, zeros<double>(G));
#else
  const std::vector<double> vv = rng.vec(NNZ), vx = rng.vec(N), vb = rng.vec(G);
  auto outputs_at = [&](double t) { return run(along(val, t, vv), along(x, t, vx), along(bias, t, vb)); };
  std::vector<double> y(N, 0.0), ro(G, 0.0), ty(N, 0.0), tro(G, 0.0);
  CUAD_GRAD(batched_graph_conv_pushforward(G, noff.data(), eoff.data(), rpl.data(), coll.data(), val.data(), x.data(),
                                           bias.data(), y.data(), ro.data(), vv.data(), vx.data(), vb.data(), ty.data(),
                                           tro.data()));
  ty.insert(ty.end(), tro.begin(), tro.end());
  check.array("tangent", ty, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  y.insert(y.end(), ro.begin(), ro.end());
  check.array("value", y, run(val, x, bias));
#endif
#endif
  return check.finish();
}
