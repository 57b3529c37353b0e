#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22d_host_reactdiff");
  const int n = 70, steps = 12;
  Rng rng(2207);
  std::vector<double> u0 = rng.vec(n, -0.8, 0.8), vu0 = rng.vec(n), src = rng.vec(n, -0.3, 0.3),
                      vsrc = rng.vec(n);
  double kappa = 0.2, vkappa = 0.15, rate = 0.3, vrate = -0.2;
#if CUAD_OUTPUT == 2
  std::vector<double> w = rng.vec(n);
  const double wret = 1.7;
  auto loss = [&]() {
    std::vector<double> uf(n);
    const double e = simulate(n, u0.data(), src.data(), kappa, rate, steps, uf.data());
    return wret * e + dot(w, uf);
  };
  // the return value's adjoint: f_grad seeds it with 1, so scale by running on weights w/wret
  std::vector<double> uf(n), au0(n, 0.0), asrc(n, 0.0), auf(n);
  for (int i = 0; i < n; ++i) auf[i] = w[i] / wret;
  double akappa = 0.0, arate = 0.0;
  CUAD_GRAD(simulate_grad_1_2_3_4_6(n, u0.data(), src.data(), kappa, rate, steps, uf.data(), au0.data(),
                                  asrc.data(), &akappa, &arate, auf.data()));
  for (double& g : au0) g *= wret;
  for (double& g : asrc) g *= wret;
  akappa *= wret;
  arate *= wret;
  check.array("u0", au0, fd(u0, loss));
  check.array("src", asrc, fd(src, loss));
  check.scalar("kappa", akappa, fd(kappa, loss));
  check.scalar("rate", arate, fd(rate, loss));
#else
  auto outputs_at = [&](double t) {
    std::vector<double> uf(n);
    const double e = simulate(n, along(u0, t, vu0).data(), along(src, t, vsrc).data(),
                              along(kappa, t, vkappa), along(rate, t, vrate), steps, uf.data());
    uf.push_back(e);
    return uf;
  };
  std::vector<double> uf(n, 0.0), d_uf(n, 0.0);
  double value = 0.0, tangent = 0.0;
  CUAD_GRAD({
    auto r = simulate_pushforward(n, u0.data(), src.data(), kappa, rate, steps, uf.data(),
                                  vu0.data(), vsrc.data(), vkappa, vrate, d_uf.data());
    value = r.value;
    tangent = r.pushforward;
  });
  std::vector<double> tan = d_uf;
  tan.push_back(tangent);
  check.array("u_final,energy", tan, directional_fd<double>(outputs_at));
  std::vector<double> prim = uf;
  prim.push_back(value);
  check.array("primal u_final,energy", prim, outputs_at(0.0), Tol{1e-12, 1e-12});
#endif
  return check.finish();
}
