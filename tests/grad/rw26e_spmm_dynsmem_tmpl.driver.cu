#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 45 nodes (2 blocks), degrees 0..7.
int main() {
  Checker check("rw26e_spmm_dynsmem_tmpl");
  Rng rng(26519);
  const int n = 45;
  std::vector<int> ip = {0}, nbr;
  for (int v = 0; v < n; ++v) {
    const int deg = (v * 3) % 8;
    for (int k = 0; k < deg; ++k) nbr.push_back((v * 7 + k * 4 + 1) % n);
    ip.push_back((int)nbr.size());
  }
  std::vector<float> x = rng.vec<float>(n * DIN), ws = rng.vec<float>(DIN * DOUT), wn = rng.vec<float>(DIN * DOUT);
  auto run = [&](const std::vector<float>& xx, const std::vector<float>& a, const std::vector<float>& b) {
    std::vector<float> out(n * DOUT, 0.0f);
    graphsage_mean<float>(n, ip.data(), nbr.data(), xx.data(), a.data(), b.data(), out.data());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n * DOUT);
  auto loss = [&] { return dot(w, run(x, ws, wn)); };
  std::vector<float> out(n * DOUT, 0.0f), gx(n * DIN, 0.0f), gws(DIN * DOUT, 0.0f), gwn(DIN * DOUT, 0.0f), gout = w;
  CUAD_GRAD(graphsage_mean_grad_3_4_5_6<float>(n, ip.data(), nbr.data(), x.data(), ws.data(), wn.data(), out.data(),
                                               gx.data(), gws.data(), gwn.data(), gout.data()));
  check.array("x", gx, fd(x, loss));
  check.array("w_self", gws, fd(ws, loss));
  check.array("w_neigh", gwn, fd(wn, loss));
  check.array("out", gout, zeros<double>(n * DOUT));
#else
  const std::vector<float> vx = rng.vec<float>(n * DIN), vs = rng.vec<float>(DIN * DOUT), vn = rng.vec<float>(DIN * DOUT);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx), along(ws, t, vs), along(wn, t, vn))); };
  std::vector<float> out(n * DOUT, 0.0f), tout(n * DOUT, 0.0f);
  CUAD_GRAD(graphsage_mean_pushforward<float>(n, ip.data(), nbr.data(), x.data(), ws.data(), wn.data(),
                                                      out.data(), vx.data(), vs.data(), vn.data(), tout.data()));
  check.array("out tangent", as_doubles(tout), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("out value", out, as_doubles(run(x, ws, wn)));
#endif
#endif
  return check.finish();
}
