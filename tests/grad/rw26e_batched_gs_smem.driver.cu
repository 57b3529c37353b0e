#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 5 graphs of 7..29 nodes (rings with chords), greedily colored; blocks of 32; 3 sweeps.
int main() {
  Checker check("rw26e_batched_gs_smem");
  Rng rng(26515);
  const int ng = 5, sweeps = 3;
  std::vector<int> off = {0}, rp = {0}, nbr, color;
  int ncolors = 0;
  for (int gi = 0; gi < ng; ++gi) {
    const int nn = 7 + gi * 5 + (gi == 4 ? 2 : 0);
    std::vector<std::vector<int>> adj(nn);
    for (int i = 0; i < nn; ++i) {
      adj[i].push_back((i + 1) % nn);
      adj[i].push_back((i + nn - 1) % nn);
    }
    for (int i = 0; i + 3 < nn; i += 4) {
      adj[i].push_back(i + 3);
      adj[i + 3].push_back(i);
    }
    std::vector<int> col(nn, -1);
    for (int i = 0; i < nn; ++i) {
      int c = 0;
      for (;; ++c) {
        bool ok = true;
        for (int j : adj[i]) ok = ok && col[j] != c;
        if (ok) break;
      }
      col[i] = c;
      ncolors = std::max(ncolors, c + 1);
    }
    for (int i = 0; i < nn; ++i) {
      for (int j : adj[i]) nbr.push_back(j);
      rp.push_back((int)nbr.size());
      color.push_back(col[i]);
    }
    off.push_back(off.back() + nn);
  }
  const int N = off.back(), nnz = (int)nbr.size();
  std::vector<float> w = rng.vec<float>(nnz, 0.3, 1.5), b = rng.vec<float>(N), x0 = rng.vec<float>(N);
  DeviceArray<int> doff(off), drp(rp), dnbr(nbr), dcol(color);
  auto run = [&](const std::vector<float>& ww, const std::vector<float>& bb, const std::vector<float>& xx) {
    DeviceArray<float> dw(ww), db(bb), dx(xx), dout(zeros<float>(N));
    CUAD_LAUNCH(batched_colored_gs, ng, 32, doff.ptr, drp.ptr, dnbr.ptr, dcol.ptr, ncolors, dw.ptr, db.ptr, dx.ptr,
                sweeps, dout.ptr);
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wo = rng.vec<float>(N);
  auto loss = [&] { return dot(wo, run(w, b, x0)); };
  DeviceArray<float> dw(w), db(b), dx(x0), dout(zeros<float>(N)), gw(zeros<float>(nnz)), gb(zeros<float>(N)),
      gx(zeros<float>(N)), gout(wo);
  CUAD_GRAD(CUAD_LAUNCH(batched_colored_gs_grad_5_6_7_9, ng, 32, doff.ptr, drp.ptr, dnbr.ptr, dcol.ptr, ncolors,
                        dw.ptr, db.ptr, dx.ptr, sweeps, dout.ptr, gw.ptr, gb.ptr, gx.ptr, gout.ptr));
  check.array("w", gw.get(), fd(w, loss));
  check.array("b", gb.get(), fd(b, loss));
  check.array("x0", gx.get(), fd(x0, loss));
  check.array("x_out", gout.get(), zeros<double>(N));
#else
  const std::vector<float> vw = rng.vec<float>(nnz), vb = rng.vec<float>(N), vx = rng.vec<float>(N);
  auto outputs_at = [&](double t) { return as_doubles(run(along(w, t, vw), along(b, t, vb), along(x0, t, vx))); };
  DeviceArray<float> dw(w), db(b), dx(x0), dout(zeros<float>(N)), tw(vw), tb(vb), tx(vx), tout(zeros<float>(N));
  CUAD_GRAD(CUAD_LAUNCH(batched_colored_gs_pushforward, ng, 32, doff.ptr, drp.ptr, dnbr.ptr, dcol.ptr, ncolors,
                        dw.ptr, db.ptr, dx.ptr, sweeps, dout.ptr, tw.ptr, tb.ptr, tx.ptr, tout.ptr));
  check.array("x_out tangent", as_doubles(tout.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("x_out value", dout.get(), as_doubles(run(w, b, x0)));
#endif
#endif
  return check.finish();
}
