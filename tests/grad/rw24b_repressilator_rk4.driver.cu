#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24b_repressilator_rk4");
  const int nens = 37;
  const double h = 0.05;
  Rng rng(24202);
  std::vector<double> y0 = rng.vec(6 * nens, 0.5, 3.0), params(5 * nens);
  for (int e = 0; e < nens; ++e) {
    params[5 * e + 0] = rng.uniform(4.0, 8.0);
    params[5 * e + 1] = rng.uniform(0.8, 1.5);
    params[5 * e + 2] = rng.uniform(1.6, 2.6);
    params[5 * e + 3] = rng.uniform(0.8, 1.2);
    params[5 * e + 4] = rng.uniform(0.5, 1.5);
  }
  std::vector<int> nsteps(nens);
  for (int e = 0; e < nens; ++e) nsteps[e] = 5 + (e * 7) % 23;
#if CUAD_OUTPUT == 1
  std::vector<double> vy = rng.vec(6 * nens, -0.5, 0.5), vp = rng.vec(5 * nens, -0.3, 0.3);
  const double vh = 0.02;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dy(along(y0, t, vy)), dp(along(params, t, vp)), dT(zeros<double>(6 * nens)), dobj(zeros<double>(nens));
    DeviceArray<int> dn(nsteps);
    CUAD_LAUNCH(integrate_ensemble, 2, 32, dy.ptr, dp.ptr, dT.ptr, dobj.ptr, dn.ptr, along(h, t, vh), nens);
    std::vector<double> out = dT.get(), o = dobj.get();
    out.insert(out.end(), o.begin(), o.end());
    return out;
  };
  DeviceArray<double> dy(y0), dp(params), dT(zeros<double>(6 * nens)), dobj(zeros<double>(nens));
  DeviceArray<double> ty(vy), tp(vp), tT(zeros<double>(6 * nens)), tobj(zeros<double>(nens));
  DeviceArray<int> dn(nsteps);
  CUAD_GRAD(CUAD_LAUNCH(integrate_ensemble_pushforward, 2, 32, dy.ptr, dp.ptr, dT.ptr, dobj.ptr, dn.ptr, h, nens,
                        ty.ptr, tp.ptr, tT.ptr, tobj.ptr, vh));
  std::vector<double> tang = tT.get(), o = tobj.get();
  tang.insert(tang.end(), o.begin(), o.end());
  check.array("tangent", tang, directional_fd<double>(outputs_at));
#elif CUAD_OUTPUT == 2
  std::vector<double> wT = rng.vec(6 * nens), wo = rng.vec(nens);
  auto loss = [&] {
    DeviceArray<double> dy(y0), dp(params), dT(zeros<double>(6 * nens)), dobj(zeros<double>(nens));
    DeviceArray<int> dn(nsteps);
    CUAD_LAUNCH(integrate_ensemble, 2, 32, dy.ptr, dp.ptr, dT.ptr, dobj.ptr, dn.ptr, h, nens);
    return dot(wT, dT.get()) + dot(wo, dobj.get());
  };
  DeviceArray<double> dy(y0), dp(params), dT(zeros<double>(6 * nens)), dobj(zeros<double>(nens));
  DeviceArray<double> ay(zeros<double>(6 * nens)), ap(zeros<double>(5 * nens)), aT(wT), ao(wo);
  DeviceArray<int> dn(nsteps);
  CUAD_GRAD(CUAD_LAUNCH(integrate_ensemble_grad_0_1_2_3, 2, 32, dy.ptr, dp.ptr, dT.ptr, dobj.ptr, dn.ptr, h, nens,
                        ay.ptr, ap.ptr, aT.ptr, ao.ptr));
  check.array("y0", ay.get(), fd(y0, loss));
  check.array("params", ap.get(), fd(params, loss));
#elif CUAD_OUTPUT == 3
  const int nchunks = 3, chunk = 4;
  std::vector<double> vy = rng.vec(6 * nens, -0.5, 0.5), vp = rng.vec(5 * nens, -0.3, 0.3);
  const double vh = 0.02;
  auto outputs_at = [&](double t) {
    std::vector<double> yT(6 * nens);
    propagate(along(y0, t, vy).data(), along(params, t, vp).data(), yT.data(), nens, nchunks, chunk, along(h, t, vh));
    return yT;
  };
  std::vector<double> yT(6 * nens), tT(6 * nens, 55.0);
  CUAD_GRAD(propagate_pushforward(y0.data(), params.data(), yT.data(), nens, nchunks, chunk, h, vy.data(), vp.data(), tT.data(), vh));
  check.array("yT", tT, directional_fd<double>(outputs_at));
  std::vector<double> ref(6 * nens);
  propagate(y0.data(), params.data(), ref.data(), nens, nchunks, chunk, h);
  CUAD_GRAD(check.array("primal", yT, ref));
#else
  const int nchunks = 3, chunk = 4;
  std::vector<double> wT = rng.vec(6 * nens);
  auto loss = [&] {
    std::vector<double> yT(6 * nens);
    propagate(y0.data(), params.data(), yT.data(), nens, nchunks, chunk, h);
    return dot(wT, yT);
  };
  std::vector<double> yT(6 * nens), ay(6 * nens, 0.0), ap(5 * nens, 0.0), aT = wT;
  CUAD_GRAD(propagate_grad_0_1_2(y0.data(), params.data(), yT.data(), nens, nchunks, chunk, h, ay.data(), ap.data(), aT.data()));
  check.array("y0", ay, fd(y0, loss));
  check.array("params", ap, fd(params, loss));
#endif
  return check.finish();
}
