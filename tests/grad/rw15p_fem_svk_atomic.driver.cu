#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw15p_fem_svk_atomic");
  const int mx = 8, my = 6, nn = (mx + 1) * (my + 1), ne = 2 * mx * my;  // 96 triangles
  Rng rng(15031);
  std::vector<double> X(2 * nn), u = rng.vec(2 * nn, -0.05, 0.05);
  for (int j = 0; j <= my; ++j)
    for (int i = 0; i <= mx; ++i) {
      X[2 * (j * (mx + 1) + i)] = 0.25 * i + rng.uniform(-0.03, 0.03);
      X[2 * (j * (mx + 1) + i) + 1] = 0.2 * j + rng.uniform(-0.03, 0.03);
    }
  std::vector<int> tri;
  for (int j = 0; j < my; ++j)
    for (int i = 0; i < mx; ++i) {
      int n0 = j * (mx + 1) + i, n1 = n0 + 1, n2 = n0 + mx + 1, n3 = n2 + 1;
      tri.insert(tri.end(), {n0, n1, n3, n0, n3, n2});
    }
  Lame mat{2.0, 1.3};
  std::vector<double> r0 = rng.vec(2 * nn), w = rng.vec(2 * nn);
  double e0 = 0.1, we = 0.9;
  DeviceArray<int> dtri(tri);
  auto loss = [&] {
    DeviceArray<double> dX(X), du(u), dr(r0);
    DeviceScalar<double> de(e0);
    CUAD_LAUNCH(svk_residual<32>, 2, 32, dX.ptr, du.ptr, dtri.ptr, mat, dr.ptr, de.ptr, ne);
    return dot(w, dr.get()) + we * de.value();
  };
  DeviceArray<double> dX(X), du(u), dr(r0), aX(zeros<double>(2 * nn)), au(zeros<double>(2 * nn)),
      ar(w);
  DeviceScalar<double> de(e0), ae(we);
  DeviceArray<Lame> amat(std::vector<Lame>{Lame{0.0, 0.0}});
  CUAD_GRAD(CUAD_LAUNCH(svk_residual_grad_0_1_3_4_5<32>, 2, 32, dX.ptr, du.ptr, dtri.ptr, mat,
                        dr.ptr, de.ptr, ne, aX.ptr, au.ptr, amat.ptr, ar.ptr, ae.ptr));
  check.array("res", ar.get(), fd(r0, loss));
  check.scalar("energy", ae.value(), fd(e0, loss));
  check.array("X", aX.get(), fd(X, loss));
  check.array("u", au.get(), fd(u, loss));
  Lame g = amat.get()[0];
  check.scalar("lambda", g.lambda, fd(mat.lambda, loss));
  check.scalar("mu", g.mu, fd(mat.mu, loss));
  return check.finish();
}
