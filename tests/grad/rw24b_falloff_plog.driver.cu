#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;

static std::vector<RxnData> mechanism(Rng& rng, int nrxn) {
  std::vector<RxnData> m(nrxn);
  for (int j = 0; j < nrxn; ++j) {
    RxnData r;
    std::memset(&r, 0, sizeof r);
    r.type = j % 4;
    r.hi = {(float)rng.uniform(0.0, 1.0), (float)rng.uniform(-0.5, 0.5), (float)rng.uniform(0.5, 2.0)};
    r.lo = {(float)rng.uniform(1.0, 2.0), (float)rng.uniform(-1.0, 0.0), (float)rng.uniform(0.2, 1.0)};
    r.troe[0] = rng.uniform(0.3, 0.7); r.troe[1] = rng.uniform(0.5, 1.5); r.troe[2] = rng.uniform(2.0, 4.0); r.troe[3] = rng.uniform(2.0, 4.0);
    for (int k = 0; k < NSP; ++k) r.eff[k] = rng.uniform(0.5, 2.0);
    r.plogP[0] = 0.1f; r.plogP[1] = 0.5f; r.plogP[2] = 1.5f; r.plogP[3] = 5.0f;
    for (int q = 0; q < NPLOG; ++q)
      r.plog[q] = {(float)rng.uniform(0.0, 1.0), (float)rng.uniform(-0.5, 0.5), (float)rng.uniform(0.5, 2.0)};
    m[j] = r;
  }
  return m;
}

int main() {
  Checker check("rw24b_falloff_plog");
  const int ncell = 9, nrxn = 12;
  Rng rng(24209);
  std::vector<RxnData> mech = mechanism(rng, nrxn);
  std::vector<float> T = rng.vec<float>(ncell, 0.8, 1.8), P(ncell), conc = rng.vec<float>(ncell * NSP, 0.1, 1.0);
  const float grid_p[] = {0.1f, 0.5f, 1.5f, 5.0f};
  for (int c = 0; c < ncell; ++c) {
    P[c] = rng.uniform(0.15, 4.0);
    for (float g : grid_p) if (std::fabs(P[c] - g) < 0.05f) P[c] += 0.1f;  // away from PLOG nodes
  }
#if CUAD_OUTPUT == 1
  std::vector<float> vT = rng.vec<float>(ncell, -0.1, 0.1), vP = rng.vec<float>(ncell, -0.1, 0.1), vc = rng.vec<float>(ncell * NSP, -0.1, 0.1);
  auto outputs_at = [&](double t) {
    DeviceArray<RxnData> dr(mech);
    DeviceArray<float> dT(along(T, t, vT)), dP(along(P, t, vP)), dc(along(conc, t, vc)), dk(zeros<float>(ncell * nrxn));
    CUAD_LAUNCH(falloff_rates, ncell, 32, dr.ptr, dT.ptr, dP.ptr, dc.ptr, dk.ptr, ncell, nrxn);
    return as_doubles(dk.get());
  };
  std::vector<RxnData> zero_mech(nrxn);
  std::memset(zero_mech.data(), 0, nrxn * sizeof(RxnData));
  DeviceArray<RxnData> dr(mech), tr(zero_mech);
  DeviceArray<float> dT(T), dP(P), dc(conc), dk(zeros<float>(ncell * nrxn)), tT(vT), tP(vP), tc(vc), tk(zeros<float>(ncell * nrxn));
  CUAD_GRAD(CUAD_LAUNCH(falloff_rates_pushforward, ncell, 32, dr.ptr, dT.ptr, dP.ptr, dc.ptr, dk.ptr, ncell, nrxn,
                        tr.ptr, tT.ptr, tP.ptr, tc.ptr, tk.ptr));
  check.array("kf", tk.get(), directional_fd<float>(outputs_at));
#elif CUAD_OUTPUT == 2
  std::vector<float> w = rng.vec<float>(ncell * nrxn);
  auto loss = [&] {
    DeviceArray<RxnData> dr(mech);
    DeviceArray<float> dT(T), dP(P), dc(conc), dk(zeros<float>(ncell * nrxn));
    CUAD_LAUNCH(falloff_rates, ncell, 32, dr.ptr, dT.ptr, dP.ptr, dc.ptr, dk.ptr, ncell, nrxn);
    return dot(w, dk.get());
  };
  DeviceArray<RxnData> dr(mech);
  DeviceArray<float> dT(T), dP(P), dc(conc), dk(zeros<float>(ncell * nrxn));
  DeviceArray<float> aT(zeros<float>(ncell)), aP(zeros<float>(ncell)), ac(zeros<float>(ncell * NSP)), ak(w);
  CUAD_GRAD(CUAD_LAUNCH(falloff_rates_grad_1_2_3_4, ncell, 32, dr.ptr, dT.ptr, dP.ptr, dc.ptr, dk.ptr, ncell, nrxn,
                        aT.ptr, aP.ptr, ac.ptr, ak.ptr));
  check.array("T", aT.get(), fd(T, loss));
  check.array("P", aP.get(), fd(P, loss));
  check.array("conc", ac.get(), fd(conc, loss));
#else
  // the rate function itself along (T, P, composition) and the Arrhenius data of one reaction
  for (int j = 0; j < nrxn; ++j) {
    RxnData r = mech[j], vr;
    std::memset(&vr, 0, sizeof vr);
    vr.hi = {0.2f, -0.1f, 0.3f};
    vr.lo = {-0.1f, 0.2f, 0.1f};
    vr.troe[0] = 0.05f; vr.troe[1] = 0.1f; vr.troe[2] = -0.2f; vr.troe[3] = 0.3f;
    for (int k = 0; k < NSP; ++k) vr.eff[k] = 0.1f * (k - 2);
    for (int q = 0; q < NPLOG; ++q) vr.plog[q] = {0.1f * q, -0.05f, 0.1f};
    float c[NSP], vc[NSP];
    for (int k = 0; k < NSP; ++k) { c[k] = conc[k]; vc[k] = 0.05f * (3 - k); }
    const float Tj = T[j % ncell], Pj = P[j % ncell], vT = 0.1f, vP = -0.15f;
    auto moved = [&](double t) {
      RxnData m = r;
      m.hi = {along(r.hi.lnA, t, vr.hi.lnA), along(r.hi.b, t, vr.hi.b), along(r.hi.Ta, t, vr.hi.Ta)};
      m.lo = {along(r.lo.lnA, t, vr.lo.lnA), along(r.lo.b, t, vr.lo.b), along(r.lo.Ta, t, vr.lo.Ta)};
      for (int q = 0; q < 4; ++q) m.troe[q] = along(r.troe[q], t, vr.troe[q]);
      for (int k = 0; k < NSP; ++k) m.eff[k] = along(r.eff[k], t, vr.eff[k]);
      for (int q = 0; q < NPLOG; ++q)
        m.plog[q] = {along(r.plog[q].lnA, t, vr.plog[q].lnA), along(r.plog[q].b, t, vr.plog[q].b), along(r.plog[q].Ta, t, vr.plog[q].Ta)};
      return m;
    };
    auto outputs_at = [&](double t) {
      RxnData m = moved(t);
      float ct[NSP];
      for (int k = 0; k < NSP; ++k) ct[k] = along(c[k], t, vc[k]);
      return std::vector<double>{eval_rate(m, along(Tj, t, vT), along(Pj, t, vP), ct)};
    };
    std::vector<double> fdv = directional_fd<float>(outputs_at);
    double tang = 0.0, val = 0.0;
    CUAD_GRAD(auto res = eval_rate_pushforward(r, Tj, Pj, c, vr, vT, vP, vc); tang = res.pushforward; val = res.value);
    check.array(at("tangent", j), std::vector<double>{tang}, fdv, default_tol<float>());
    CUAD_GRAD(check.array(at("value", j), std::vector<double>{val}, std::vector<double>{eval_rate(r, Tj, Pj, c)}, default_tol<float>()));
  }
#endif
  return check.finish();
}
