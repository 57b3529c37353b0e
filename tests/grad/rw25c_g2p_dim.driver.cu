#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
static const int D = 3;
#else
static const int D = 2;
#endif

int main() {
  Checker check("rw25c_g2p_dim");
  Rng rng(25302 + D);
  const int n = 10, ng = 6;
  int nn = 1;
  for (int d = 0; d < D; ++d) nn *= ng;
  const double dx = 1.0 / ng, dt = 0.05;
  std::vector<double> x(D * n), gv = rng.vec(D * nn, -1.0, 1.0), F(D * D * n);
  for (int k = 0; k < D * n; ++k) {
    const int cell = 1 + (int)rng.uniform(0.0, 3.0);
    x[k] = (cell + 0.5 + rng.uniform(0.1, 0.9)) * dx;
  }
  for (int p = 0; p < n; ++p)
    for (int i = 0; i < D; ++i)
      for (int j = 0; j < D; ++j) F[(p * D + i) * D + j] = (i == j ? 1.0 : 0.0) + rng.uniform(-0.2, 0.2);
  const std::vector<double> xo0 = rng.vec(D * n), vo0 = rng.vec(D * n), Co0 = rng.vec(D * D * n),
                            Fo0 = rng.vec(D * D * n);
  auto run = [&](const std::vector<double>& x_, const std::vector<double>& gv_, const std::vector<double>& F_) {
    DeviceArray<double> dx_(x_), dg(gv_), dF(F_), xo(xo0), vo(vo0), Co(Co0), Fo(Fo0);
    CUAD_LAUNCH(g2p<D>, 1, 16, n, ng, dx_.ptr, dg.ptr, dF.ptr, dx, dt, xo.ptr, vo.ptr, Co.ptr, Fo.ptr);
    std::vector<double> out = xo.get();
    for (auto* a : {&vo, &Co, &Fo}) {
      std::vector<double> t = a->get();
      out.insert(out.end(), t.begin(), t.end());
    }
    return out;
  };
  const int nout = 2 * D * n + 2 * D * D * n;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(nout);
  auto part = [&](int off, int len) { return std::vector<double>(w.begin() + off, w.begin() + off + len); };
  auto loss = [&] { return dot(w, run(x, gv, F)); };
  DeviceArray<double> dx_(x), dg(gv), dF(F), xo(xo0), vo(vo0), Co(Co0), Fo(Fo0);
  DeviceArray<double> ax(zeros<double>(D * n)), ag(zeros<double>(D * nn)), aF(zeros<double>(D * D * n)),
      axo(part(0, D * n)), avo(part(D * n, D * n)), aCo(part(2 * D * n, D * D * n)),
      aFo(part(2 * D * n + D * D * n, D * D * n));
  CUAD_GRAD(CUAD_LAUNCH(g2p_grad_2_3_4_7_8_9_10<D>, 1, 16, n, ng, dx_.ptr, dg.ptr, dF.ptr, dx, dt, xo.ptr,
                        vo.ptr, Co.ptr, Fo.ptr, ax.ptr, ag.ptr, aF.ptr, axo.ptr, avo.ptr, aCo.ptr, aFo.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("grid_v", ag.get(), fd(gv, loss));
  check.array("F", aF.get(), fd(F, loss));
  check.array("x_out", axo.get(), zeros<double>(D * n));
  check.array("v_out", avo.get(), zeros<double>(D * n));
  check.array("C_out", aCo.get(), zeros<double>(D * D * n));
  check.array("F_out", aFo.get(), zeros<double>(D * D * n));
#else
  const std::vector<double> vx = rng.vec(D * n, -0.05, 0.05), vg = rng.vec(D * nn), vF = rng.vec(D * D * n);
  double tdx = 0.3, tdt = -0.7;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx_(along(x, t, vx)), dg(along(gv, t, vg)), dF(along(F, t, vF)), xo(xo0), vo(vo0),
        Co(Co0), Fo(Fo0);
    CUAD_LAUNCH(g2p<D>, 1, 16, n, ng, dx_.ptr, dg.ptr, dF.ptr, along(dx, t, tdx), along(dt, t, tdt), xo.ptr,
                vo.ptr, Co.ptr, Fo.ptr);
    std::vector<double> out = xo.get();
    for (auto* a : {&vo, &Co, &Fo}) {
      std::vector<double> q = a->get();
      out.insert(out.end(), q.begin(), q.end());
    }
    return out;
  };
  DeviceArray<double> dx_(x), dg(gv), dF(F), xo(xo0), vo(vo0), Co(Co0), Fo(Fo0), tx(vx), tg(vg), tF(vF),
      txo(zeros<double>(D * n)), tvo(zeros<double>(D * n)), tCo(zeros<double>(D * D * n)),
      tFo(zeros<double>(D * D * n));
  CUAD_GRAD(CUAD_LAUNCH(g2p_pushforward<D>, 1, 16, n, ng, dx_.ptr, dg.ptr, dF.ptr, dx, dt, xo.ptr, vo.ptr,
                        Co.ptr, Fo.ptr, tx.ptr, tg.ptr, tF.ptr, tdx, tdt, txo.ptr, tvo.ptr, tCo.ptr, tFo.ptr));
  std::vector<double> tan = txo.get();
  for (auto* a : {&tvo, &tCo, &tFo}) {
    std::vector<double> q = a->get();
    tan.insert(tan.end(), q.begin(), q.end());
  }
  check.array("outputs tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
