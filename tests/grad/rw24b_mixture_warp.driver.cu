#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24b_mixture_warp");
  const int ncell = 7;  // two blocks, the last one with one idle warp
  const float p = 1.3f;
  const int grid = (ncell + WARPS - 1) / WARPS, block = 32 * WARPS;
  Rng rng(24208);
  std::vector<float> Y(ncell * NSP), T = rng.vec<float>(ncell, 0.8, 1.6), coef = rng.vec<float>(4 * NSP, -0.3, 0.3), Wk = rng.vec<float>(NSP, 0.5, 3.0);
  for (int c = 0; c < ncell; ++c) {
    double s = 0;
    for (int k = 0; k < NSP; ++k) s += (Y[c * NSP + k] = rng.uniform(0.1, 1.0));
    for (int k = 0; k < NSP; ++k) Y[c * NSP + k] /= s;
  }
  for (int k = 0; k < NSP; ++k) coef[4 * k] += 1.0f;
#if CUAD_OUTPUT == 2
  std::vector<float> wD = rng.vec<float>(ncell * NSP), wc = rng.vec<float>(ncell);
  auto loss = [&] {
    DeviceArray<float> dY(Y), dT(T), dc(coef), dW(Wk), dD(zeros<float>(ncell * NSP)), dcp(zeros<float>(ncell));
    CUAD_LAUNCH(mixture_props, grid, block, dY.ptr, dT.ptr, dc.ptr, dW.ptr, dD.ptr, dcp.ptr, p, ncell);
    return dot(wD, dD.get()) + dot(wc, dcp.get());
  };
  DeviceArray<float> dY(Y), dT(T), dc(coef), dW(Wk), dD(zeros<float>(ncell * NSP)), dcp(zeros<float>(ncell));
  DeviceArray<float> aY(zeros<float>(ncell * NSP)), aT(zeros<float>(ncell)), ac(zeros<float>(4 * NSP)), aW(zeros<float>(NSP)), aD(wD), acp(wc);
  CUAD_GRAD(CUAD_LAUNCH(mixture_props_grad_0_1_2_3_4_5, grid, block, dY.ptr, dT.ptr, dc.ptr, dW.ptr, dD.ptr, dcp.ptr, p, ncell,
                        aY.ptr, aT.ptr, ac.ptr, aW.ptr, aD.ptr, acp.ptr));
  check.array("Y", aY.get(), fd(Y, loss));
  check.array("T", aT.get(), fd(T, loss));
  check.array("coef", ac.get(), fd(coef, loss));
  check.array("Wk", aW.get(), fd(Wk, loss));
#else
  std::vector<float> vY = rng.vec<float>(ncell * NSP, -0.005, 0.005), vT = rng.vec<float>(ncell, -0.2, 0.2),
                     vc = rng.vec<float>(4 * NSP, -0.1, 0.1), vW = rng.vec<float>(NSP, -0.2, 0.2);
  const float vp = 0.3f;
#if CUAD_OUTPUT == 3
  vY = zeros<float>(ncell * NSP); vc = zeros<float>(4 * NSP); vW = zeros<float>(NSP);
#endif
  auto outputs_at = [&](double t) {
    DeviceArray<float> dY(along(Y, t, vY)), dT(along(T, t, vT)), dc(along(coef, t, vc)), dW(along(Wk, t, vW)),
        dD(zeros<float>(ncell * NSP)), dcp(zeros<float>(ncell));
#if CUAD_OUTPUT == 1
    const float pp = along(p, t, vp);
#else
    const float pp = p;
#endif
    CUAD_LAUNCH(mixture_props, grid, block, dY.ptr, dT.ptr, dc.ptr, dW.ptr, dD.ptr, dcp.ptr, pp, ncell);
    std::vector<double> out = as_doubles(dD.get());
    for (float x : dcp.get()) out.push_back(x);
    return out;
  };
  DeviceArray<float> dY(Y), dT(T), dc(coef), dW(Wk), dD(zeros<float>(ncell * NSP)), dcp(zeros<float>(ncell));
  DeviceArray<float> tY(vY), tT(vT), tc(vc), tW(vW), tD(zeros<float>(ncell * NSP)), tcp(zeros<float>(ncell));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(mixture_props_pushforward, grid, block, dY.ptr, dT.ptr, dc.ptr, dW.ptr, dD.ptr, dcp.ptr, p, ncell,
                        tY.ptr, tT.ptr, tc.ptr, tW.ptr, tD.ptr, tcp.ptr, vp));
#else
  CUAD_GRAD(CUAD_LAUNCH(mixture_props_pushforward_1_4_5, grid, block, dY.ptr, dT.ptr, dc.ptr, dW.ptr, dD.ptr, dcp.ptr, p, ncell,
                        tT.ptr, tD.ptr, tcp.ptr));
#endif
  std::vector<double> tang = as_doubles(tD.get());
  for (float x : tcp.get()) tang.push_back(x);
  check.array("tangent", tang, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
