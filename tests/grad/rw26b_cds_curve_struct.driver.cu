#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<double*> fields(Market& m) {
  std::vector<double*> f;
  for (int j = 0; j < NZ; ++j) f.push_back(&m.zc.t[j]);
  for (int j = 0; j < NZ; ++j) f.push_back(&m.zc.z[j]);
  for (int j = 0; j < NH; ++j) f.push_back(&m.hc.t_end[j]);
  for (int j = 0; j < NH; ++j) f.push_back(&m.hc.lambda[j]);
  f.push_back(&m.recovery);
  return f;
}

int main() {
  Checker check("rw26b_cds_curve_struct");
  Rng rng(26909);
  const int n = 24;
  Market mkt;
  const double zt[NZ] = {0.3, 1.1, 2.05, 3.2, 5.1, 7.3};
  for (int j = 0; j < NZ; ++j) {
    mkt.zc.t[j] = zt[j];
    mkt.zc.z[j] = 0.02 + 0.003 * j + rng.uniform(-0.001, 0.001);
  }
  const double ht[NH] = {0.9, 2.1, 3.35, 5.15, 100.0};
  for (int k = 0; k < NH; ++k) {
    mkt.hc.t_end[k] = ht[k];
    mkt.hc.lambda[k] = 0.015 + 0.004 * k + rng.uniform(-0.002, 0.002);
  }
  mkt.recovery = 0.4;
  std::vector<Cds> book(n);
  for (int i = 0; i < n; ++i)
    book[i] = Cds{0.25 * (1 + (i * 7) % 32), rng.uniform(0.005, 0.03), rng.uniform(1.0, 10.0)};
  const std::vector<double> pv0 = zeros<double>(n);
  auto run = [&](const Market& m) {
    DeviceArray<Cds> db(book);
    DeviceArray<double> dp(pv0);
    CUAD_LAUNCH(cds_book_pv, 1, 32, db.ptr, n, m, dp.ptr);
    return dp.get();
  };
  std::vector<double*> f = fields(mkt);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(mkt)); };
  Market zero;
  for (double* p : fields(zero)) *p = 0.0;
  DeviceArray<Cds> db(book);
  DeviceArray<double> dp(pv0), gp(w);
  DeviceScalar<Market> gm(zero);
  CUAD_GRAD(CUAD_LAUNCH(cds_book_pv_grad_2_3, 1, 32, db.ptr, n, mkt, dp.ptr, gm.ptr, gp.ptr));
  Market g = gm.value();
  std::vector<double*> gf = fields(g);
  std::vector<double> ad, fdv;
  for (size_t k = 0; k < f.size(); ++k) {
    ad.push_back(*gf[k]);
    fdv.push_back(fd(*f[k], loss));
  }
  check.array("mkt (zc.t, zc.z, hc.t_end, hc.lambda, recovery)", ad, fdv);
  check.array("pv", gp.get(), zeros<double>(n));
#else
  Market v;
  std::vector<double*> vf = fields(v);
  for (double* p : vf) *p = rng.uniform(-0.01, 0.01);
  auto outputs_at = [&](double t) {
    Market q = mkt;
    std::vector<double*> qf = fields(q);
    for (size_t k = 0; k < qf.size(); ++k) *qf[k] = along(*f[k], t, *vf[k]);
    return run(q);
  };
  DeviceArray<Cds> db(book);
  DeviceArray<double> dp(pv0), tp(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(cds_book_pv_pushforward_2_3, 1, 32, db.ptr, n, mkt, dp.ptr, v, tp.ptr));
  check.array("pv tangent", tp.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("pv value", dp.get(), run(mkt));
#endif
#endif
  return check.finish();
}
