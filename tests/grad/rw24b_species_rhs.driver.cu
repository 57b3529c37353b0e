#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<Reaction> mechanism() {
  // logA, beta, Ea, ordA, ordB, a, b, p
  return {{0.4f, 0.5f, 2.0f, 1.0f, 0.5f, 0, 1, 2},  {-0.2f, -0.3f, 1.5f, 1.5f, 1.0f, 2, -1, 3},
          {0.8f, 0.2f, 3.0f, 0.75f, 1.25f, 1, 3, 4}, {0.1f, 0.0f, 1.0f, 2.0f, 0.0f, 4, -1, 0},
          {-0.5f, 0.7f, 2.5f, 0.5f, 0.5f, 3, 0, 1},  {0.3f, -0.1f, 1.8f, 1.2f, 0.8f, 2, 4, 0}};
}

// Real fields of the mechanism as a flat vector and back (for FD and tangents).
static std::vector<float> flat(const std::vector<Reaction>& m) {
  std::vector<float> v;
  for (auto& r : m) {
    v.push_back(r.logA); v.push_back(r.beta); v.push_back(r.Ea); v.push_back(r.ordA); v.push_back(r.ordB);
  }
  return v;
}
static std::vector<Reaction> unflat(const std::vector<float>& v, const std::vector<Reaction>& ints, bool keep_ints) {
  std::vector<Reaction> m(ints.size());
  for (size_t j = 0; j < ints.size(); ++j) {
    m[j] = {v[5 * j], v[5 * j + 1], v[5 * j + 2], v[5 * j + 3], v[5 * j + 4], 0, 0, 0};
    if (keep_ints) { m[j].a = ints[j].a; m[j].b = ints[j].b; m[j].p = ints[j].p; }
  }
  return m;
}

int main() {
  Checker check("rw24b_species_rhs");
  const int NS = 5, NR = 6, ncell = 45;
  Rng rng(24201);
  std::vector<float> conc = rng.vec<float>(ncell * NS, 0.2, 1.5), temp = rng.vec<float>(ncell, 0.8, 1.6);
  for (auto& t : temp) if (std::fabs(t - 1.25f) < 0.05f) t += 0.12f;  // away from the threshold
  std::vector<float> dH = rng.vec<float>(NR, -2.0, 2.0);
  const std::vector<Reaction> mech = mechanism();
  std::vector<float> rp = flat(mech);
  const int grid = 2, block = 32;
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  std::vector<float> vc = rng.vec<float>(ncell * NS, -0.3, 0.3), vT = rng.vec<float>(ncell, -0.2, 0.2);
  std::vector<float> vr = rng.vec<float>(rp.size(), -0.4, 0.4), vH = rng.vec<float>(NR, -1.0, 1.0);
#if CUAD_OUTPUT == 3
  for (auto& x : vc) x = 0.0f;
  for (auto& x : vr) x = 0.0f;
  for (auto& x : vH) x = 0.0f;
#endif
  auto outputs_at = [&](double t) {
    DeviceArray<float> dc(along(conc, t, vc)), dT(along(temp, t, vT)), dh(along(dH, t, vH));
    DeviceArray<Reaction> dr(unflat(along(rp, t, vr), mech, true));
    DeviceArray<float> dw(zeros<float>(ncell * NS)), dq(zeros<float>(ncell));
    CUAD_LAUNCH((species_rhs<5, 6>), grid, block, dc.ptr, dT.ptr, dr.ptr, dw.ptr, dq.ptr, dh.ptr, ncell);
    std::vector<double> out = as_doubles(dw.get());
    for (float q : dq.get()) out.push_back(q);
    return out;
  };
  std::vector<double> fdv = directional_fd<float>(outputs_at);
  DeviceArray<float> dc(conc), dT(temp), dh(dH), dw(zeros<float>(ncell * NS)), dq(zeros<float>(ncell));
  DeviceArray<Reaction> dr(mech);
  DeviceArray<float> tc(vc), tT(vT), th(vH), tw(std::vector<float>(ncell * NS, 77.f)), tq(std::vector<float>(ncell, 77.f));
  DeviceArray<Reaction> tr(unflat(vr, mech, false));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH((species_rhs_pushforward<5, 6>), grid, block, dc.ptr, dT.ptr, dr.ptr, dw.ptr, dq.ptr, dh.ptr, ncell,
                        tc.ptr, tT.ptr, tr.ptr, tw.ptr, tq.ptr, th.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH((species_rhs_pushforward_1_3_4<5, 6>), grid, block, dc.ptr, dT.ptr, dr.ptr, dw.ptr, dq.ptr, dh.ptr, ncell,
                        tT.ptr, tw.ptr, tq.ptr));
#endif
  std::vector<double> tang = as_doubles(tw.get());
  for (float q : tq.get()) tang.push_back(q);
  check.array("tangent", tang, fdv, default_tol<float>());
  // the pushforward also computes the primal
  DeviceArray<float> pw(zeros<float>(ncell * NS)), pq(zeros<float>(ncell));
  CUAD_LAUNCH((species_rhs<5, 6>), grid, block, dc.ptr, dT.ptr, dr.ptr, pw.ptr, pq.ptr, dh.ptr, ncell);
  CUAD_GRAD(check.array("primal_w", as_doubles(dw.get()), as_doubles(pw.get()), default_tol<float>()));
#else
  std::vector<float> ww = rng.vec<float>(ncell * NS), wq = rng.vec<float>(ncell);
  auto loss = [&] {
    DeviceArray<float> dc(conc), dT(temp), dh(dH), dw(zeros<float>(ncell * NS)), dq(zeros<float>(ncell));
    DeviceArray<Reaction> dr(unflat(rp, mech, true));
    CUAD_LAUNCH((species_rhs<5, 6>), grid, block, dc.ptr, dT.ptr, dr.ptr, dw.ptr, dq.ptr, dh.ptr, ncell);
    return dot(ww, dw.get()) + dot(wq, dq.get());
  };
  DeviceArray<float> dc(conc), dT(temp), dh(dH), dw(zeros<float>(ncell * NS)), dq(zeros<float>(ncell));
  DeviceArray<Reaction> dr(mech);
  DeviceArray<float> ac(zeros<float>(ncell * NS)), aT(zeros<float>(ncell)), ah(zeros<float>(NR)), aw(ww), aq(wq);
  DeviceArray<Reaction> ar(unflat(zeros<float>(rp.size()), mech, false));
  CUAD_GRAD(CUAD_LAUNCH((species_rhs_grad_0_1_2_3_4_5<5, 6>), grid, block, dc.ptr, dT.ptr, dr.ptr, dw.ptr, dq.ptr, dh.ptr, ncell,
                        ac.ptr, aT.ptr, ar.ptr, aw.ptr, aq.ptr, ah.ptr));
  check.array("conc", ac.get(), fd(conc, loss));
  check.array("temp", aT.get(), fd(temp, loss));
  check.array("dH", ah.get(), fd(dH, loss));
  check.array("rxn", flat(ar.get()), fd(rp, loss));
  check.array("wdot_consumed", aw.get(), std::vector<double>(ncell * NS, 0.0));
#endif
  return check.finish();
}
