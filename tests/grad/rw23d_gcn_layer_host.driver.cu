#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_gcn_layer_host");
  Rng rng(23014);
  const int n = 37, E = 90;
  std::vector<int> src(E), dst(E);
  for (int e = 0; e < E; ++e) {
    src[e] = (int)rng.uniform(0, n - 1e-9);
    dst[e] = (int)rng.uniform(0, n - 1e-9);
  }
  std::vector<float> ew = rng.vec<float>(E, 0.3, 1.5), H = rng.vec<float>(n * FIN), W = rng.vec<float>(FIN * FOUT, -0.8, 0.8);
  const std::vector<float> w = rng.vec<float>(n * FOUT);
  auto loss = [&] {
    std::vector<float> out(n * FOUT, 0.0f);
    gcn_layer_forward(n, E, src.data(), dst.data(), ew.data(), H.data(), W.data(), out.data());
    return dot(w, out);
  };
  std::vector<float> out(n * FOUT, 0.0f), gw(E, 0.0f), gH(n * FIN, 0.0f), gW(FIN * FOUT, 0.0f), go = w;
  CUAD_GRAD(gcn_layer_forward_grad_4_5_6_7(n, E, src.data(), dst.data(), ew.data(), H.data(), W.data(), out.data(),
                                           gw.data(), gH.data(), gW.data(), go.data()));
  check.array("ew", gw, fd(ew, loss));
  check.array("H", gH, fd(H, loss));
  check.array("W", gW, fd(W, loss));
  check.array("out", go, zeros<double>(n * FOUT));
  return check.finish();
}
