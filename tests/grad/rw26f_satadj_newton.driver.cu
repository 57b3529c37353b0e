#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const moist::ThermoConsts kTC{287.04, 461.5, 1004.64, 2.501e6, 2.834e6, 273.15, 611.2};

// host copy of qsat, only to place the inputs away from the saturation branch
static double qsat_h(double T, double p) {
  const double L = T >= kTC.T0 ? kTC.Lv : kTC.Ls;
  const double e = kTC.es0 * std::exp(L / kTC.Rv * (1.0 / kTC.T0 - 1.0 / T));
  const double eps = kTC.Rd / kTC.Rv;
  return eps * e / (p - (1.0 - eps) * e);
}

#if !defined(CUAD_SELFTEST) && CUAD_OUTPUT == 1
__global__ void adjust_grad_cells(int n, const double* T, const double* p, const double* qt, const double* ql,
                                  const double* wq, double* gT, double* gp, double* gqt, double* gql) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double l = ql[i], a = 0, b = 0, c = 0, d = wq[i];
  moist::saturation_adjust_grad<double>(T[i], p[i], qt[i], l, &a, &b, &c, &d);
  gT[i] = a;
  gp[i] = b;
  gqt[i] = c;
  gql[i] = d;
}
#endif
__global__ void adjust_cells(int n, const double* T, const double* p, const double* qt, double* ql, double* Tout) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double l = ql[i];
  Tout[i] = moist::saturation_adjust<double>(T[i], p[i], qt[i], l);
  ql[i] = l;
}

int main() {
  Checker check("rw26f_satadj_newton");
  check_cuda(cudaMemcpyToSymbol(c_th, &kTC, sizeof(kTC)), "symbol");
  Rng rng(26603);
  const int n = 48;
  std::vector<double> T(n), p(n), qv(n), qc(n);
  const double Lcp = kTC.Lv / kTC.cp;
  int sat = 0, cold = 0;
  for (int i = 0; i < n; ++i) {
    p[i] = rng.uniform(50000.0, 100000.0);
    const bool ice = i % 3 == 0;
    // keep Tl and the adjusted T on one side of freezing
    qc[i] = (i % 4 == 1) ? 0.0 : rng.uniform(0.0, 0.002);
    const double Tl = ice ? rng.uniform(245.0, 262.0) : rng.uniform(280.0, 300.0);
    T[i] = Tl + Lcp * qc[i];
    const double qs = qsat_h(Tl, p[i]);
    const double ratio = (i % 5 < 2) ? rng.uniform(0.6, 0.95) : rng.uniform(1.05, 1.4);
    qv[i] = ratio * qs - qc[i];
    if (qv[i] < 1e-5) qv[i] = 1e-5;
    sat += (qv[i] + qc[i]) > qs;
    cold += ice;
  }
  check.expect(sat > 10 && sat < n - 10, "both branches");
#if CUAD_OUTPUT == 1
  std::vector<double> qt(n);
  for (int i = 0; i < n; ++i) qt[i] = qv[i] + qc[i];
  std::vector<double> ql = qc;
  const std::vector<double> wq = rng.vec(n, -300.0, 300.0);
  auto loss = [&] {
    DeviceArray<double> dT(T), dp(p), dqt(qt), dql(ql), dTo(zeros<double>(n));
    CUAD_LAUNCH(adjust_cells, 2, 32, n, dT.ptr, dp.ptr, dqt.ptr, dql.ptr, dTo.ptr);
    std::vector<double> To = dTo.get(), l = dql.get();
    double s = 0;
    for (int i = 0; i < n; ++i) s += To[i] + wq[i] * l[i];
    return s;
  };
  DeviceArray<double> dT(T), dp(p), dqt(qt), dql(ql), dw(wq), gT(zeros<double>(n)), gp(zeros<double>(n)),
      gqt(zeros<double>(n)), gql(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(adjust_grad_cells, 2, 32, n, dT.ptr, dp.ptr, dqt.ptr, dql.ptr, dw.ptr, gT.ptr, gp.ptr,
                        gqt.ptr, gql.ptr));
  check.array("T", gT.get(), fd(T, loss));
  check.array("p", gp.get(), fd(p, loss));
  check.array("qt", gqt.get(), fd(qt, loss));
  check.array("ql", gql.get(), fd(ql, loss));
#else
  auto run = [&](const std::vector<double>& pp, const std::vector<double>& t, const std::vector<double>& v,
                 const std::vector<double>& c) {
    DeviceArray<double> dp(pp), dT(t), dv(v), dc(c);
    CUAD_LAUNCH(satadj_cells, 1, 32, n, dp.ptr, dT.ptr, dv.ptr, dc.ptr);
    std::vector<double> o = dT.get(), a = dv.get(), b = dc.get();
    o.insert(o.end(), a.begin(), a.end());
    o.insert(o.end(), b.begin(), b.end());
    return o;
  };
#if CUAD_OUTPUT == 2
  const std::vector<double> wT = rng.vec(n), wv = rng.vec(n, -300, 300), wc = rng.vec(n, -300, 300);
  auto loss = [&] {
    std::vector<double> o = run(p, T, qv, qc), w = wT;
    w.insert(w.end(), wv.begin(), wv.end());
    w.insert(w.end(), wc.begin(), wc.end());
    return dot(w, o);
  };
  DeviceArray<double> dp(p), dT(T), dv(qv), dc(qc), gp(zeros<double>(n)), gT(wT), gv(wv), gc(wc);
  CUAD_GRAD(CUAD_LAUNCH(satadj_cells_grad_1_2_3_4, 1, 32, n, dp.ptr, dT.ptr, dv.ptr, dc.ptr, gp.ptr, gT.ptr,
                        gv.ptr, gc.ptr));
  check.array("pres", gp.get(), fd(p, loss));
  check.array("temp", gT.get(), fd(T, loss));
  check.array("qv", gv.get(), fd(qv, loss));
  check.array("qc", gc.get(), fd(qc, loss));
#else
  const std::vector<double> vp = rng.vec(n, -100, 100), vT = rng.vec(n), vv = rng.vec(n, -1e-4, 1e-4),
                            vc = rng.vec(n, -1e-4, 1e-4);
  std::vector<double> vc2 = vc;
  for (int i = 0; i < n; ++i)
    if (qc[i] == 0.0) vc2[i] = 0.0;  // stay physical (no negative cloud)
  auto outputs_at = [&](double t) { return run(along(p, t, vp), along(T, t, vT), along(qv, t, vv), along(qc, t, vc2)); };
  DeviceArray<double> dp(p), dT(T), dv(qv), dc(qc), tp(vp), tT(vT), tv(vv), tc(vc2);
  CUAD_GRAD(CUAD_LAUNCH(satadj_cells_pushforward, 1, 32, n, dp.ptr, dT.ptr, dv.ptr, dc.ptr, tp.ptr, tT.ptr, tv.ptr,
                        tc.ptr));
  std::vector<double> o = tT.get(), a = tv.get(), b = tc.get();
  o.insert(o.end(), a.begin(), a.end());
  o.insert(o.end(), b.begin(), b.end());
  check.array("tangent", o, directional_fd<double>(outputs_at));
#endif
#endif
  return check.finish();
}
