#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24b_patankar_split");
  const int ncell = 40;
  const double dt = 0.3;
  Rng rng(24215);
  std::vector<double> conc = rng.vec(3 * ncell, 0.2, 1.2), temp = rng.vec(ncell, 1.0, 1.6), kin = {1.5, 1.2, 0.8, 1.6, 0.7};
  auto run = [&](const std::vector<double>& c, const std::vector<double>& T, const std::vector<double>& k) {
    DeviceArray<double> dc(c), dT(T), dk(k), co(zeros<double>(3 * ncell)), To(zeros<double>(ncell));
    CUAD_LAUNCH(patankar_step, 2, 32, dc.ptr, dT.ptr, dk.ptr, co.ptr, To.ptr, dt, ncell);
    std::vector<double> out = co.get(), t = To.get();
    out.insert(out.end(), t.begin(), t.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  std::vector<double> vc = rng.vec(3 * ncell, -0.1, 0.1), vT = rng.vec(ncell, -0.1, 0.1), vk = rng.vec(5, -0.2, 0.2);
  const double vdt = 0.05;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dc(along(conc, t, vc)), dT(along(temp, t, vT)), dk(along(kin, t, vk)), co(zeros<double>(3 * ncell)), To(zeros<double>(ncell));
    CUAD_LAUNCH(patankar_step, 2, 32, dc.ptr, dT.ptr, dk.ptr, co.ptr, To.ptr, along(dt, t, vdt), ncell);
    std::vector<double> out = co.get(), tt = To.get();
    out.insert(out.end(), tt.begin(), tt.end());
    return out;
  };
  DeviceArray<double> dc(conc), dT(temp), dk(kin), co(zeros<double>(3 * ncell)), To(zeros<double>(ncell));
  DeviceArray<double> tc(vc), tT(vT), tk(vk), tco(zeros<double>(3 * ncell)), tTo(zeros<double>(ncell));
  CUAD_GRAD(CUAD_LAUNCH(patankar_step_pushforward, 2, 32, dc.ptr, dT.ptr, dk.ptr, co.ptr, To.ptr, dt, ncell,
                        tc.ptr, tT.ptr, tk.ptr, tco.ptr, tTo.ptr, vdt));
  std::vector<double> tang = tco.get(), t2 = tTo.get();
  tang.insert(tang.end(), t2.begin(), t2.end());
  check.array("tangent", tang, directional_fd<double>(outputs_at));
#else
  std::vector<double> wc = rng.vec(3 * ncell), wT = rng.vec(ncell);
  auto loss = [&] {
    std::vector<double> o = run(conc, temp, kin);
    return dot(wc, std::vector<double>(o.begin(), o.begin() + 3 * ncell)) + dot(wT, std::vector<double>(o.begin() + 3 * ncell, o.end()));
  };
  DeviceArray<double> dc(conc), dT(temp), dk(kin), co(zeros<double>(3 * ncell)), To(zeros<double>(ncell));
  DeviceArray<double> ac(zeros<double>(3 * ncell)), aT(zeros<double>(ncell)), ak(zeros<double>(5)), aco(wc), aTo(wT);
  CUAD_GRAD(CUAD_LAUNCH(patankar_step_grad_0_1_2_3_4, 2, 32, dc.ptr, dT.ptr, dk.ptr, co.ptr, To.ptr, dt, ncell,
                        ac.ptr, aT.ptr, ak.ptr, aco.ptr, aTo.ptr));
  check.array("conc", ac.get(), fd(conc, loss));
  check.array("temp", aT.get(), fd(temp, loss));
  check.array("kin", ak.get(), fd(kin, loss));
#endif
  return check.finish();
}
