#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_mc_path");
  const int npaths = 50, nsteps = 8;
  const double T = 1.0;
  Rng rng(510);
  std::vector<double> s0 = rng.vec(npaths, 0.8, 1.2), z = rng.vec(npaths * nsteps, -2.0, 2.0),
                      payoff = rng.vec(npaths), w = rng.vec(npaths);
  double sigma = 0.3, r = 0.05;
  auto loss = [&] {
    DeviceArray<double> d_p(payoff), d_s0(s0), d_z(z);
    CUAD_LAUNCH(mc_paths, 2, 32, d_p.ptr, d_s0.ptr, d_z.ptr, sigma, r, T, nsteps, npaths);
    return dot(w, d_p.get());
  };
  DeviceArray<double> d_p(payoff), d_s0(s0), d_z(z), a_p(w), a_s0(zeros<double>(npaths)),
      a_z(zeros<double>(npaths * nsteps));
  DeviceScalar<double> a_sigma, a_r;
  CUAD_GRAD(CUAD_LAUNCH(mc_paths_grad_0_1_2_3_4, 2, 32, d_p.ptr, d_s0.ptr, d_z.ptr, sigma, r, T,
                        nsteps, npaths, a_p.ptr, a_s0.ptr, a_z.ptr, a_sigma.ptr, a_r.ptr));
  check.array("payoff", a_p.get(), fd(payoff, loss));
  check.array("s0", a_s0.get(), fd(s0, loss));
  check.array("z", a_z.get(), fd(z, loss));
  check.scalar("sigma", a_sigma.value(), fd(sigma, loss));
  check.scalar("r", a_r.value(), fd(r, loss));
  return check.finish();
}
