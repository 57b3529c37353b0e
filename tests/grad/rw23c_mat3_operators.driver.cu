#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<NeoParams> mk(const std::vector<double>& p) { return {NeoParams{p[0], p[1]}, NeoParams{p[2], p[3]}}; }
static std::vector<double> flat(const std::vector<NeoParams>& q) { return {q[0].mu, q[0].lambda, q[1].mu, q[1].lambda}; }

int main() {
  Checker check("rw23c_mat3_operators");
  Rng rng(23309);
  const int n = 20;
  std::vector<double> F(9 * n), prm = {1.1, 0.7, 0.6, 1.9};
  for (int e = 0; e < n; ++e)
    for (int k = 0; k < 9; ++k) F[9 * e + k] = (k % 4 == 0 ? 1.0 : 0.0) + rng.uniform(-0.2, 0.2);
  std::vector<double> P = rng.vec(9 * n), psi = rng.vec(n);
  auto run = [&](const std::vector<double>& f, const std::vector<double>& p) {
    DeviceArray<double> dF(f), dP(P), dpsi(psi);
    DeviceArray<NeoParams> dq(mk(p));
    CUAD_LAUNCH(neo_hookean_stress, 1, 32, dF.ptr, dq.ptr, dP.ptr, dpsi.ptr, n);
    std::vector<double> out = dP.get(), s = dpsi.get();
    out.insert(out.end(), s.begin(), s.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> wP = rng.vec(9 * n), ws = rng.vec(n);
  std::vector<double> w = wP;
  w.insert(w.end(), ws.begin(), ws.end());
  auto loss = [&] { return dot(w, run(F, prm)); };
  DeviceArray<double> dF(F), dP(P), dpsi(psi), aF(zeros<double>(9 * n)), aP(wP), apsi(ws);
  DeviceArray<NeoParams> dq(mk(prm)), aq(mk(zeros<double>(4)));
  CUAD_GRAD(CUAD_LAUNCH(neo_hookean_stress_grad_0_1_2_3, 1, 32, dF.ptr, dq.ptr, dP.ptr, dpsi.ptr, n, aF.ptr, aq.ptr,
                        aP.ptr, apsi.ptr));
  check.array("F", aF.get(), fd(F, loss));
  check.array("params", flat(aq.get()), fd(prm, loss));
  check.array("P (only written)", aP.get(), zeros<double>(9 * n));
  check.array("psi (only written)", apsi.get(), zeros<double>(n));
#else
  const std::vector<double> vF = rng.vec(9 * n), vp = rng.vec(4);
  auto outputs_at = [&](double t) { return run(along(F, t, vF), along(prm, t, vp)); };
  DeviceArray<double> dF(F), dP(P), dpsi(psi), tF(vF), tP(zeros<double>(9 * n)), tpsi(zeros<double>(n));
  DeviceArray<NeoParams> dq(mk(prm)), tq(mk(vp));
  CUAD_GRAD(CUAD_LAUNCH(neo_hookean_stress_pushforward, 1, 32, dF.ptr, dq.ptr, dP.ptr, dpsi.ptr, n, tF.ptr, tq.ptr,
                        tP.ptr, tpsi.ptr));
  std::vector<double> got = tP.get(), s = tpsi.get();
  got.insert(got.end(), s.begin(), s.end());
  check.array("P, psi tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
