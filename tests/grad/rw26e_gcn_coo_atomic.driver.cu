#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 21 nodes, 70 random directed edges (3 edge blocks, the last partial), positive weights.
int main() {
  Checker check("rw26e_gcn_coo_atomic");
  Rng rng(26505);
  const unsigned n = 21, m = 70;
  std::vector<unsigned> src(m), dst(m);
  for (unsigned e = 0; e < m; ++e) {
    src[e] = (e * 7 + 3) % n;
    dst[e] = (e * 11 + 5 + e / 9) % n;
  }
  std::vector<float> h = rng.vec<float>(n * FIN), ew = rng.vec<float>(m, 0.5, 1.5),
                     W = rng.vec<float>(FIN * FOUT), bias = rng.vec<float>(FOUT, -0.3, 0.3);
  const std::vector<float> w = rng.vec<float>(n * FOUT);
  auto loss = [&] {
    std::vector<float> out(n * FOUT, 0.0f);
    gcn_layer(n, m, src.data(), dst.data(), h.data(), ew.data(), W.data(), bias.data(), out.data());
    return dot(w, out);
  };
  std::vector<float> out(n * FOUT, 0.0f), gh(n * FIN, 0.0f), gw(m, 0.0f), gW(FIN * FOUT, 0.0f),
      gb(FOUT, 0.0f), gout = w;
  CUAD_GRAD(gcn_layer_grad_4_5_6_7_8(n, m, src.data(), dst.data(), h.data(), ew.data(), W.data(),
                                     bias.data(), out.data(), gh.data(), gw.data(), gW.data(), gb.data(),
                                     gout.data()));
  check.array("h", gh, fd(h, loss));
  check.array("edge_w", gw, fd(ew, loss));
  check.array("W", gW, fd(W, loss));
  check.array("bias", gb, fd(bias, loss));
  check.array("out", gout, zeros<double>(n * FOUT));
  return check.finish();
}
