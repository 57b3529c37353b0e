#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

__global__ void energy_kernel(int ne, const double* F, const double* prm, double* out) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= ne) return;
  Mat3 Fe;
  for (int k = 0; k < 9; ++k) Fe.m[k] = F[9 * e + k];
  out[e] = stable_neo_hookean_energy(Fe, prm[2 * e], prm[2 * e + 1]);
}
__global__ void pk1_kernel(int ne, const double* F, const double* prm, double* out) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= ne) return;
  Mat3 Fe;
  for (int k = 0; k < 9; ++k) Fe.m[k] = F[9 * e + k];
  const Mat3 P = stable_neo_hookean_PK1(Fe, prm[2 * e], prm[2 * e + 1]);
  for (int k = 0; k < 9; ++k) out[9 * e + k] = P.m[k];
}
#if !defined(CUAD_SELFTEST) && CUAD_OUTPUT == 1
__global__ void energy_grad_kernel(int ne, const double* F, const double* prm, const double* w, double* gF,
                                   double* gprm) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= ne) return;
  Mat3 Fe, dF;
  for (int k = 0; k < 9; ++k) Fe.m[k] = F[9 * e + k], dF.m[k] = 0.0;
  double dmu = 0.0, dlam = 0.0;
  stable_neo_hookean_energy_grad(Fe, prm[2 * e], prm[2 * e + 1], &dF, &dmu, &dlam);
  for (int k = 0; k < 9; ++k) gF[9 * e + k] = w[e] * dF.m[k];
  gprm[2 * e] = w[e] * dmu;
  gprm[2 * e + 1] = w[e] * dlam;
}
#endif
#if !defined(CUAD_SELFTEST) && CUAD_OUTPUT == 2
__global__ void pk1_fwd_kernel(int ne, const double* F, const double* prm, const double* vF, const double* vprm,
                               double* val, double* tan) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= ne) return;
  Mat3 Fe, tF;
  for (int k = 0; k < 9; ++k) Fe.m[k] = F[9 * e + k], tF.m[k] = vF[9 * e + k];
  auto r = stable_neo_hookean_PK1_pushforward(Fe, prm[2 * e], prm[2 * e + 1], tF, vprm[2 * e], vprm[2 * e + 1]);
  for (int k = 0; k < 9; ++k) val[9 * e + k] = r.value.m[k], tan[9 * e + k] = r.pushforward.m[k];
}
#endif

int main() {
  Checker check("rw25c_snh_mat3");
  Rng rng(25305);
  const int ne = 20;
  std::vector<double> F(9 * ne), prm(2 * ne);
  for (int e = 0; e < ne; ++e) {
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) F[9 * e + 3 * i + j] = (i == j ? 1.0 : 0.0) + rng.uniform(-0.3, 0.3);
    if (e % 5 == 3)  // an inverted element: the first column flipped
      for (int i = 0; i < 3; ++i) F[9 * e + 3 * i] = -F[9 * e + 3 * i];
    prm[2 * e] = rng.uniform(0.5, 2.0);
    prm[2 * e + 1] = rng.uniform(1.0, 5.0);
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(ne);
  auto loss = [&] {
    DeviceArray<double> dF(F), dp(prm), out(zeros<double>(ne));
    CUAD_LAUNCH(energy_kernel, 1, 32, ne, dF.ptr, dp.ptr, out.ptr);
    return dot(w, out.get());
  };
  DeviceArray<double> dF(F), dp(prm), dw(w), gF(zeros<double>(9 * ne)), gp(zeros<double>(2 * ne));
  CUAD_GRAD(CUAD_LAUNCH(energy_grad_kernel, 1, 32, ne, dF.ptr, dp.ptr, dw.ptr, gF.ptr, gp.ptr));
  check.array("F", gF.get(), fd(F, loss));
  check.array("mu,lam", gp.get(), fd(prm, loss));
#elif CUAD_OUTPUT == 2
  const std::vector<double> vF = rng.vec(9 * ne), vp = rng.vec(2 * ne, -0.3, 0.3);
  auto run = [&](const std::vector<double>& F_, const std::vector<double>& p_) {
    DeviceArray<double> dF(F_), dp(p_), out(zeros<double>(9 * ne));
    CUAD_LAUNCH(pk1_kernel, 1, 32, ne, dF.ptr, dp.ptr, out.ptr);
    return out.get();
  };
  auto outputs_at = [&](double t) { return run(along(F, t, vF), along(prm, t, vp)); };
  DeviceArray<double> dF(F), dp(prm), tF(vF), tp(vp), val(zeros<double>(9 * ne)), tan(zeros<double>(9 * ne));
  CUAD_GRAD(CUAD_LAUNCH(pk1_fwd_kernel, 1, 32, ne, dF.ptr, dp.ptr, tF.ptr, tp.ptr, val.ptr, tan.ptr));
  check.array("P tangent", tan.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("P value", val.get(), run(F, prm));
#endif
#else
  // one material for all elements: the Lame struct by value
  std::vector<double> DmT(9 * ne), vol = rng.vec(ne, 0.1, 0.5), lame = {1.3, 3.1};
  for (int e = 0; e < ne; ++e)
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) DmT[9 * e + 3 * i + j] = (i == j ? 2.0 : 0.0) + rng.uniform(-0.5, 0.5);
  const std::vector<double> f0 = rng.vec(9 * ne), e0 = rng.vec(ne), w = rng.vec(10 * ne);
  const std::vector<double> wf(w.begin(), w.begin() + 9 * ne), we(w.begin() + 9 * ne, w.end());
  auto loss = [&] {
    DeviceArray<double> dF(F), dB(DmT), dv(vol), df(f0), de(e0);
    CUAD_LAUNCH(element_forces_energy, 1, 32, ne, dF.ptr, dB.ptr, dv.ptr, Lame{lame[0], lame[1]}, df.ptr, de.ptr);
    return dot(wf, df.get()) + dot(we, de.get());
  };
  DeviceArray<double> dF(F), dB(DmT), dv(vol), df(f0), de(e0), gF(zeros<double>(9 * ne)),
      gB(zeros<double>(9 * ne)), gf(wf), ge(we);
  DeviceArray<Lame> gl(std::vector<Lame>{Lame{0.0, 0.0}});
  CUAD_GRAD(CUAD_LAUNCH(element_forces_energy_grad_1_2_4_5_6, 1, 32, ne, dF.ptr, dB.ptr, dv.ptr, Lame{lame[0], lame[1]},
                        df.ptr, de.ptr, gF.ptr, gB.ptr, gl.ptr, gf.ptr, ge.ptr));
  check.array("F", gF.get(), fd(F, loss));
  check.array("Dm_inv_T", gB.get(), fd(DmT, loss));
  const Lame g = gl.get()[0];
  check.array("lame", std::vector<double>{g.mu, g.lam}, fd(lame, loss));
  check.array("forces", gf.get(), zeros<double>(9 * ne));
  check.array("energy", ge.get(), zeros<double>(ne));
#endif
  return check.finish();
}
