#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_vmc_slater_pivot");
  Rng rng(25422);
  const int n_walk = 12;
  std::vector<double> R = rng.vec(3 * NE * n_walk, -1.4, 1.4), alpha = {0.5, 0.45, 0.55, 0.48};
  double ja = 0.5, jb = 0.8;
  const std::vector<double> w = rng.vec(2 * n_walk);
  auto run = [&](const std::vector<double>& r, const std::vector<double>& al, double a, double b) {
    DeviceArray<double> dr(r), da(al), dout(zeros<double>(2 * n_walk));
    CUAD_LAUNCH(qdot_local_energy, 1, 32, n_walk, dr.ptr, da.ptr, a, b, dout.ptr);
    return dout.get();
  };
  // sanity: with alpha = omega/2 and no Jastrow the determinant is the exact non-interacting
  // ground state, E_L = 3/2 + 3 * 5/2 + V_ee for every walker
  {
    const std::vector<double> e = run(R, std::vector<double>(4, 0.5), 0.0, 1.0);
    double worst = 0.0;
    for (int k = 0; k < n_walk; ++k) {
      double vee = 0.0;
      for (int i = 0; i < NE; ++i)
        for (int j = i + 1; j < NE; ++j) {
          double r2 = 0.0;
          for (int c = 0; c < 3; ++c) r2 += std::pow(R[3 * NE * k + 3 * i + c] - R[3 * NE * k + 3 * j + c], 2);
          vee += 1.0 / std::sqrt(r2);
        }
      worst = std::fmax(worst, std::fabs(e[2 * k] - 9.0 - vee));
    }
    check.expect(worst < 1e-9, "exact local energy of the non-interacting determinant");
  }
  auto loss = [&] { return dot(w, run(R, alpha, ja, jb)); };
  DeviceArray<double> dr(R), da(alpha), dout(zeros<double>(2 * n_walk)), gr(zeros<double>(R.size())),
      ga(zeros<double>(4)), gja(zeros<double>(1)), gjb(zeros<double>(1)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(qdot_local_energy_grad_1_2_3_4_5, 1, 32, n_walk, dr.ptr, da.ptr, ja, jb, dout.ptr, gr.ptr,
                        ga.ptr, gja.ptr, gjb.ptr, gout.ptr));
  check.array("walkers", gr.get(), fd(R, loss));
  check.array("alpha", ga.get(), fd(alpha, loss));
  check.scalar("jas_a", gja.get()[0], fd(ja, loss));
  check.scalar("jas_b", gjb.get()[0], fd(jb, loss));
  check.array("out", gout.get(), zeros<double>(2 * n_walk));
  return check.finish();
}
