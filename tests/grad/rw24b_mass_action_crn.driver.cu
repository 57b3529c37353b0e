#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24b_mass_action_crn");
  const int nwell = 20;
  Rng rng(24213);
  // A + B -> C, C -> D, 2 A -> E, D + E -> B
  Network net = {{{1, 1, 0, 0, 0}, {0, 0, 1, 0, 0}, {2, 0, 0, 0, 0}, {0, 0, 0, 1, 1}},
                 {{0, 0, 1, 0, 0}, {0, 0, 0, 1, 0}, {0, 0, 0, 0, 1}, {0, 1, 0, 0, 0}}};
  std::vector<Network> netv = {net};
  std::vector<double> conc = rng.vec(nwell * NS, 0.2, 1.5), logk = rng.vec(nwell * NR, -0.5, 0.5);
  // products start absent in every other well
  for (int w = 0; w < nwell; w += 2) conc[w * NS + 2] = conc[w * NS + 3] = conc[w * NS + 4] = 0.0;
  auto run = [&](const std::vector<double>& c, const std::vector<double>& lk) {
    DeviceArray<Network> dn(netv);
    DeviceArray<double> dc(c), dk(lk), dd(zeros<double>(nwell * NS));
    CUAD_LAUNCH(crn_rates, 1, 32, dn.ptr, dc.ptr, dk.ptr, dd.ptr, nwell);
    return dd.get();
  };
#if CUAD_OUTPUT == 2
  std::vector<double> wt = rng.vec(nwell * NS);
  auto loss = [&] { return dot(wt, run(conc, logk)); };
  DeviceArray<Network> dn(netv);
  DeviceArray<double> dc(conc), dk(logk), dd(zeros<double>(nwell * NS)), ac(zeros<double>(nwell * NS)), ak(zeros<double>(nwell * NR)), ad(wt);
  CUAD_GRAD(CUAD_LAUNCH(crn_rates_grad_1_2_3, 1, 32, dn.ptr, dc.ptr, dk.ptr, dd.ptr, nwell, ac.ptr, ak.ptr, ad.ptr));
  check.array("conc", ac.get(), fd(conc, loss));
  check.array("logk", ak.get(), fd(logk, loss));
#else
  std::vector<double> vc = rng.vec(nwell * NS, -0.1, 0.1), vk = rng.vec(nwell * NR, -0.3, 0.3);
#if CUAD_OUTPUT == 3
  vc = zeros<double>(nwell * NS);
#endif
  auto outputs_at = [&](double t) { return run(along(conc, t, vc), along(logk, t, vk)); };
  DeviceArray<Network> dn(netv);
  DeviceArray<double> dc(conc), dk(logk), dd(zeros<double>(nwell * NS)), tc(vc), tk(vk), td(zeros<double>(nwell * NS));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(crn_rates_pushforward, 1, 32, dn.ptr, dc.ptr, dk.ptr, dd.ptr, nwell, tc.ptr, tk.ptr, td.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH(crn_rates_pushforward_2_3, 1, 32, dn.ptr, dc.ptr, dk.ptr, dd.ptr, nwell, tk.ptr, td.ptr));
#endif
  check.array("dcdt", td.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
