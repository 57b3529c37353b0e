#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_shell_pair_pipeline");
  Rng rng(25414);
  const int n_shell = 4, n_nuc = 2;
  const std::vector<int> start = {0, 3, 5, 6, 8};
  const int n_prim = 8;
  std::vector<double> expo = {6.4, 1.2, 0.31, 2.9, 0.52, 1.0, 4.0, 0.22};
  std::vector<double> coef = rng.vec(n_prim, 0.2, 0.9);
  std::vector<double> centers = rng.vec(3 * n_shell, -1.3, 1.3);
  std::vector<double> nuc = rng.vec(3 * n_nuc, -1.0, 1.0), charges = {1.0, 2.0};
  std::vector<double> dm(n_shell * n_shell);
  for (int a = 0; a < n_shell; ++a)
    for (int b = 0; b <= a; ++b) dm[a * n_shell + b] = dm[b * n_shell + a] = rng.uniform(-0.5, 0.5);
  auto loss = [&] {
    return one_electron_energy(n_shell, start.data(), expo.data(), coef.data(), centers.data(), n_nuc, nuc.data(),
                               charges.data(), dm.data());
  };
  std::vector<double> ge(n_prim, 0.0), gc(n_prim, 0.0), gce(3 * n_shell, 0.0), gq(n_nuc, 0.0),
      gd(n_shell * n_shell, 0.0);
  CUAD_GRAD(one_electron_energy_grad_2_3_4_7_8(n_shell, start.data(), expo.data(), coef.data(), centers.data(), n_nuc,
                                               nuc.data(), charges.data(), dm.data(), ge.data(), gc.data(), gce.data(),
                                               gq.data(), gd.data()));
  check.array("expo", ge, fd(expo, loss));
  check.array("coef", gc, fd(coef, loss));
  check.array("centers", gce, fd(centers, loss));
  check.array("charges", gq, fd(charges, loss));
  check.array("dm", gd, fd(dm, loss));
  return check.finish();
}
