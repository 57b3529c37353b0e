#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// The singular values of (I + dt C) F in double, for keeping snow away from the clamp's
// corners and every F away from the atan2 singularity (S00 = S11, S01 = 0).
static void sv(const double* c, const double* F, double dt, double* s, double* gap) {
  const double A[4] = {1 + dt * c[0], dt * c[1], dt * c[2], 1 + dt * c[3]};
  const double M[4] = {A[0] * F[0] + A[1] * F[2], A[0] * F[1] + A[1] * F[3], A[2] * F[0] + A[3] * F[2],
                       A[2] * F[1] + A[3] * F[3]};
  const double x = M[0] + M[3], y = M[2] - M[1], r = std::sqrt(x * x + y * y), cc = x / r, ss = y / r;
  const double S[4] = {cc * M[0] + ss * M[2], cc * M[1] + ss * M[3], -ss * M[0] + cc * M[2], -ss * M[1] + cc * M[3]};
  const double m = 0.5 * (S[0] + S[3]), q = std::sqrt(0.25 * (S[0] - S[3]) * (S[0] - S[3]) + S[1] * S[1]);
  s[0] = m + q, s[1] = m - q;
  *gap = q;
}

int main() {
  Checker check("rw25c_mls88_plasticity");
  Rng rng(25314);
  const int n = 30;
  const double dt = 1e-2, E = 50.0, nu = 0.2, p_vol = 0.01, dx = 0.1;
  std::vector<int> mat(n);
  std::vector<double> C(4 * n), F(4 * n), Jp(n);
  const double lo = 1.0 - 2.5e-2, hi = 1.0 + 4.5e-3;
  int clamped = 0, inside = 0;
  for (int p = 0; p < n; ++p) {
    mat[p] = p % 3;
    for (int tries = 0;; ++tries) {
      for (int k = 0; k < 4; ++k) C[4 * p + k] = rng.uniform(-1.0, 1.0);
      const double sc = mat[p] == Snow ? 0.02 : 0.25;
      F[4 * p] = 1.0 + rng.uniform(-sc, sc), F[4 * p + 1] = rng.uniform(-sc, sc);
      F[4 * p + 2] = rng.uniform(-sc, sc), F[4 * p + 3] = 1.0 + rng.uniform(-sc, sc);
      double s[2], gap;
      sv(&C[4 * p], &F[4 * p], dt, s, &gap);
      bool ok = gap > 2e-3 && s[1] > 0.5;
      if (mat[p] == Snow)
        for (double q : s) ok = ok && std::fabs(q - lo) > 1e-3 && std::fabs(q - hi) > 1e-3;
      if (ok || tries > 10000) {
        check.expect(ok, "inputs away from kinks");
        if (mat[p] == Snow)
          for (double q : s) (q < lo || q > hi) ? ++clamped : ++inside;
        break;
      }
    }
    Jp[p] = rng.uniform(0.9, 1.1);
  }
  std::printf("snow singular values clamped: %d, inside: %d\n", clamped, inside);
  check.expect(clamped >= 3 && inside >= 3, "both sides of the clamp");
  const std::vector<double> Fo0 = rng.vec(4 * n), Jo0 = rng.vec(n), So0 = rng.vec(4 * n);
  auto run = [&](const std::vector<double>& C_, const std::vector<double>& F_, const std::vector<double>& J_) {
    DeviceArray<int> dm(mat);
    DeviceArray<double> dC(C_), dF(F_), dJ(J_), Fo(Fo0), Jo(Jo0), So(So0);
    CUAD_LAUNCH(update_deformation, 1, 32, n, dm.ptr, dC.ptr, dF.ptr, dJ.ptr, dt, E, nu, p_vol, dx, Fo.ptr, Jo.ptr,
                So.ptr);
    std::vector<double> out = Fo.get(), a = Jo.get(), b = So.get();
    out.insert(out.end(), a.begin(), a.end());
    out.insert(out.end(), b.begin(), b.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(9 * n);
  auto part = [&](int o, int l) { return std::vector<double>(w.begin() + o, w.begin() + o + l); };
  auto loss = [&] { return dot(w, run(C, F, Jp)); };
  DeviceArray<int> dm(mat);
  DeviceArray<double> dC(C), dF(F), dJ(Jp), Fo(Fo0), Jo(Jo0), So(So0), gC(zeros<double>(4 * n)),
      gF(zeros<double>(4 * n)), gJ(zeros<double>(n)), gFo(part(0, 4 * n)), gJo(part(4 * n, n)), gSo(part(5 * n, 4 * n));
  CUAD_GRAD(CUAD_LAUNCH(update_deformation_grad_2_3_4_10_11_12, 1, 32, n, dm.ptr, dC.ptr, dF.ptr, dJ.ptr, dt, E, nu,
                        p_vol, dx, Fo.ptr, Jo.ptr, So.ptr, gC.ptr, gF.ptr, gJ.ptr, gFo.ptr, gJo.ptr, gSo.ptr));
  check.array("C", gC.get(), fd(C, loss));
  check.array("F", gF.get(), fd(F, loss));
  check.array("Jp", gJ.get(), fd(Jp, loss));
  check.array("F_out", gFo.get(), zeros<double>(4 * n));
  check.array("Jp_out", gJo.get(), zeros<double>(n));
  check.array("stress", gSo.get(), zeros<double>(4 * n));
#else
  const std::vector<double> vC = rng.vec(4 * n, -0.01, 0.01), vF = rng.vec(4 * n, -0.01, 0.01), vJ = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(C, t, vC), along(F, t, vF), along(Jp, t, vJ)); };
  DeviceArray<int> dm(mat);
  DeviceArray<double> dC(C), dF(F), dJ(Jp), Fo(Fo0), Jo(Jo0), So(So0), tC(vC), tF(vF), tJ(vJ), tFo(zeros<double>(4 * n)),
      tJo(zeros<double>(n)), tSo(zeros<double>(4 * n));
  CUAD_GRAD(CUAD_LAUNCH(update_deformation_pushforward_2_3_4_10_11_12, 1, 32, n, dm.ptr, dC.ptr, dF.ptr, dJ.ptr, dt, E,
                        nu, p_vol, dx, Fo.ptr, Jo.ptr, So.ptr, tC.ptr, tF.ptr, tJ.ptr, tFo.ptr, tJo.ptr, tSo.ptr));
  std::vector<double> tan = tFo.get(), a = tJo.get(), b = tSo.get();
  tan.insert(tan.end(), a.begin(), a.end());
  tan.insert(tan.end(), b.begin(), b.end());
  check.array("outputs tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
