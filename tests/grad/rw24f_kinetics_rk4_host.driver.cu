#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24f_kinetics_rk4_host");
  Rng rng(24009);
  const int ncells = 37;
  std::vector<float> y0 = rng.vec<float>(NEQ * ncells, 0.2, 1.0);
  KinParams prm = {0.8f, 1.5f, 0.6f, 0.1f, 6};
  std::vector<float> kk = {prm.k1, prm.k2, prm.k3, prm.dt};
  auto with = [&](const std::vector<float>& v) {
    KinParams p = prm;
    p.k1 = v[0], p.k2 = v[1], p.k3 = v[2], p.dt = v[3];
    return p;
  };
#if CUAD_OUTPUT == 1
  std::vector<float> yout0 = rng.vec<float>(NEQ * ncells);
  const std::vector<float> w = rng.vec<float>(NEQ * ncells);
  auto loss = [&] {
    std::vector<float> yo = yout0;
    integrate_kinetics(y0.data(), yo.data(), with(kk), ncells);
    return dot(w, yo);
  };
  std::vector<float> yo = yout0, gy0(NEQ * ncells, 0.0f), gyo = w;
  KinParams gp = {0, 0, 0, 0, 0};
  CUAD_GRAD(integrate_kinetics_grad_0_1_2(y0.data(), yo.data(), prm, ncells, gy0.data(), gyo.data(), &gp));
  check.array("y0", gy0, fd(y0, loss));
  check.array("y_out", gyo, zeros<double>(NEQ * ncells));
  check.array("prm.k1,k2,k3,dt", std::vector<float>{gp.k1, gp.k2, gp.k3, gp.dt}, fd(kk, loss));
#else
  const std::vector<float> w = rng.vec<float>(NEQ * ncells);
  auto loss = [&] {
    DeviceArray<float> d_y(y0);
    CUAD_LAUNCH(rk4_cells, 2, 32, d_y.ptr, with(kk), ncells);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_y(y0), g_y(w);
  DeviceArray<KinParams> g_p(std::vector<KinParams>{KinParams{0, 0, 0, 0, 0}});
  CUAD_GRAD(CUAD_LAUNCH(rk4_cells_grad_0_1, 2, 32, d_y.ptr, prm, ncells, g_y.ptr, g_p.ptr));
  const KinParams gp = g_p.get()[0];
  check.array("y (in place)", g_y.get(), fd(y0, loss));
  check.array("prm.k1,k2,k3,dt", std::vector<float>{gp.k1, gp.k2, gp.k3, gp.dt}, fd(kk, loss));
#endif
  return check.finish();
}
