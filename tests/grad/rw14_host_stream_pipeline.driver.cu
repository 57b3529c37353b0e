#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw14_host_stream_pipeline");
  const int rows = 11, in = 7, hid = 37, n = rows * hid;  // partial tiles in x and y
  Rng rng(1403);
  std::vector<double> X = rng.vec(rows * in), W = rng.vec(hid * in, -0.5, 0.5), b = rng.vec(hid, -0.3, 0.3);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n);
    mlp_head(X.data(), W.data(), b.data(), out.data(), rows, in, hid);
    return dot(w, out);
  };
  std::vector<double> out(n), aX(rows * in, 0.0), aW(hid * in, 0.0), ab(hid, 0.0), aout = w;
  CUAD_GRAD(mlp_head_grad_0_1_2_3(X.data(), W.data(), b.data(), out.data(), rows, in, hid, aX.data(),
                          aW.data(), ab.data(), aout.data()));
  check.array("out", aout, std::vector<double>(n, 0.0));
  check.array("X", aX, fd(X, loss));
  check.array("W", aW, fd(W, loss));
  check.array("bias", ab, fd(b, loss));
#else
  std::vector<double> vX = rng.vec(rows * in), vW = rng.vec(hid * in), vb = rng.vec(hid);
  auto outputs_at = [&](double t) {
    std::vector<double> Xs = along(X, t, vX), Ws = along(W, t, vW), bs = along(b, t, vb), out(n);
    mlp_head(Xs.data(), Ws.data(), bs.data(), out.data(), rows, in, hid);
    return out;
  };
  std::vector<double> out(n), dout(n, 0.0);
  CUAD_GRAD(mlp_head_pushforward(X.data(), W.data(), b.data(), out.data(), rows, in, hid, vX.data(),
                                 vW.data(), vb.data(), dout.data()));
  check.array("out tangent", dout, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
