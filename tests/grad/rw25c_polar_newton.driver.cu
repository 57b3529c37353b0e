#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

__global__ void psi_kernel(int n, const double* F, const double* prm, double* out) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  Mat3 Fp;
  for (int k = 0; k < 9; ++k) Fp.a[k / 3][k % 3] = F[9 * p + k];
  out[p] = fixed_corotated_psi(Fp, prm[0], prm[1]);
}
#if !defined(CUAD_SELFTEST) && CUAD_OUTPUT == 3
__global__ void psi_grad_kernel(int n, const double* F, const double* prm, const double* w, double* gF,
                                double* gprm) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  Mat3 Fp, dF;
  for (int k = 0; k < 9; ++k) Fp.a[k / 3][k % 3] = F[9 * p + k], dF.a[k / 3][k % 3] = 0.0;
  double dmu = 0.0, dlam = 0.0;
  fixed_corotated_psi_grad(Fp, prm[0], prm[1], &dF, &dmu, &dlam);
  for (int k = 0; k < 9; ++k) gF[9 * p + k] = w[p] * dF.a[k / 3][k % 3];
  atomicAdd(&gprm[0], w[p] * dmu);
  atomicAdd(&gprm[1], w[p] * dlam);
}
#endif

int main() {
  Checker check("rw25c_polar_newton");
  Rng rng(25308);
  const int n = 16;
  std::vector<double> F(9 * n);
  for (int p = 0; p < n; ++p) {
    // a rotation about a random axis times a stretch near identity
    double ax[3] = {rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)};
    const double an = std::sqrt(ax[0] * ax[0] + ax[1] * ax[1] + ax[2] * ax[2]);
    for (double& q : ax) q /= an;
    const double th = rng.uniform(-1.2, 1.2), c = std::cos(th), s = std::sin(th);
    double R[3][3], S[3][3];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        const double K = (i == j) ? 0.0 : ((j == (i + 1) % 3) ? -ax[3 - i - j] : ax[3 - i - j]);
        R[i][j] = (i == j ? c : 0.0) + (1 - c) * ax[i] * ax[j];
        R[i][j] += s * ((i == 0 && j == 1) ? -ax[2] : (i == 1 && j == 0) ? ax[2] : (i == 0 && j == 2) ? ax[1]
                       : (i == 2 && j == 0) ? -ax[1] : (i == 1 && j == 2) ? -ax[0] : (i == 2 && j == 1) ? ax[0] : 0.0);
        (void)K;
      }
    for (int i = 0; i < 3; ++i)
      for (int j = i; j < 3; ++j) S[i][j] = S[j][i] = (i == j ? 1.0 : 0.0) + rng.uniform(-0.2, 0.2);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        double v = 0.0;
        for (int k = 0; k < 3; ++k) v += R[i][k] * S[k][j];
        F[9 * p + 3 * i + j] = v;
      }
  }
  std::vector<double> prm = {1.5, 2.5};
  const std::vector<double> P0 = rng.vec(9 * n), psi0 = rng.vec(n);
  auto run = [&](const std::vector<double>& F_, const std::vector<double>& prm_) {
    DeviceArray<double> dF(F_), dP(P0), dpsi(psi0);
    CUAD_LAUNCH(corotated_stress, 1, 32, n, dF.ptr, prm_[0], prm_[1], dP.ptr, dpsi.ptr);
    std::vector<double> out = dP.get(), q = dpsi.get();
    out.insert(out.end(), q.begin(), q.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(10 * n);
  auto loss = [&] { return dot(w, run(F, prm)); };
  DeviceArray<double> dF(F), dP(P0), dpsi(psi0), gF(zeros<double>(9 * n)), gmu(zeros<double>(1)),
      glam(zeros<double>(1)), gP(std::vector<double>(w.begin(), w.begin() + 9 * n)),
      gpsi(std::vector<double>(w.begin() + 9 * n, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(corotated_stress_grad_1_2_3_4_5, 1, 32, n, dF.ptr, prm[0], prm[1], dP.ptr, dpsi.ptr, gF.ptr, gmu.ptr,
                        glam.ptr, gP.ptr, gpsi.ptr));
  check.array("F", gF.get(), fd(F, loss));
  check.array("mu,lam", std::vector<double>{gmu.get()[0], glam.get()[0]}, fd(prm, loss));
  check.array("P", gP.get(), zeros<double>(9 * n));
  check.array("psi", gpsi.get(), zeros<double>(n));
#elif CUAD_OUTPUT == 2
  const std::vector<double> vF = rng.vec(9 * n), vp = {0.4, -0.6};
  auto outputs_at = [&](double t) { return run(along(F, t, vF), along(prm, t, vp)); };
  DeviceArray<double> dF(F), dP(P0), dpsi(psi0), tF(vF), tP(zeros<double>(9 * n)), tpsi(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(corotated_stress_pushforward, 1, 32, n, dF.ptr, prm[0], prm[1], dP.ptr, dpsi.ptr, tF.ptr,
                        vp[0], vp[1], tP.ptr, tpsi.ptr));
  std::vector<double> tan = tP.get(), q = tpsi.get();
  tan.insert(tan.end(), q.begin(), q.end());
  check.array("P, psi tangent", tan, directional_fd<double>(outputs_at));
#else
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dF(F), dp(prm), out(zeros<double>(n));
    CUAD_LAUNCH(psi_kernel, 1, 32, n, dF.ptr, dp.ptr, out.ptr);
    return dot(w, out.get());
  };
  DeviceArray<double> dF(F), dp(prm), dw(w), gF(zeros<double>(9 * n)), gp(zeros<double>(2));
  CUAD_GRAD(CUAD_LAUNCH(psi_grad_kernel, 1, 32, n, dF.ptr, dp.ptr, dw.ptr, gF.ptr, gp.ptr));
  check.array("F", gF.get(), fd(F, loss));
  check.array("mu,lam", gp.get(), fd(prm, loss));
#endif
  return check.finish();
}
