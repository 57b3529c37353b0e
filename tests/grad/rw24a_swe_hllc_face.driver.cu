#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static bool away(double a, double b) {  // minmod(a, b) away from its kinks
  if (std::fabs(a) < 0.02 || std::fabs(b) < 0.02) return false;
  return std::fabs(std::fabs(a) - std::fabs(b)) > 0.01;
}

int main() {
  Checker check("rw24a_swe_hllc_face");
  Rng rng(24401);
  int faces = 0;
  for (int sample = 0; sample < 200 && faces < 6; ++sample) {
    const double th = rng.uniform(0.0, 6.28);
    const double nx = std::cos(th), ny = std::sin(th);
    std::vector<double> cv(12);
    for (int k = 0; k < 4; ++k) {
      cv[3 * k] = rng.uniform(0.8, 1.6);
      cv[3 * k + 1] = cv[3 * k] * rng.uniform(-0.8, 0.8);
      cv[3 * k + 2] = cv[3 * k] * rng.uniform(-0.8, 0.8);
    }
    double g = 9.81;
    // reject stencils near a kink: minmod switches, SM = 0, |SL| = |SR|
    {
      double p[4][3];
      for (int k = 0; k < 4; ++k) {
        const double u = cv[3 * k + 1] / cv[3 * k], v = cv[3 * k + 2] / cv[3 * k];
        p[k][0] = cv[3 * k];
        p[k][1] = u * nx + v * ny;
        p[k][2] = -u * ny + v * nx;
      }
      bool ok = true;
      double L[3], R[3];
      for (int j = 0; j < 3; ++j) {
        const double a = p[1][j] - p[0][j], b = p[2][j] - p[1][j], c = p[3][j] - p[2][j];
        ok = ok && away(a, b) && away(-c, -b);
        const double ml = a * b <= 0 ? 0 : (std::fabs(a) < std::fabs(b) ? a : b);
        const double mr = b * c <= 0 ? 0 : (std::fabs(b) < std::fabs(c) ? -c : -b);
        L[j] = p[1][j] + 0.5 * ml;
        R[j] = p[2][j] + 0.5 * mr;
      }
      if (!ok) continue;
      const double cL = std::sqrt(g * L[0]), cR = std::sqrt(g * R[0]);
      const double SL = std::fmin(L[1] - cL, R[1] - cR), SR = std::fmax(L[1] + cL, R[1] + cR);
      const double SM = (SL * R[0] * (R[1] - SR) - SR * L[0] * (L[1] - SL)) /
                        (R[0] * (R[1] - SR) - L[0] * (L[1] - SL));
      if (std::fabs(SM) < 0.02 || std::fabs(std::fabs(SL) - std::fabs(SR)) < 0.02) continue;
      if (std::fabs((L[1] - cL) - (R[1] - cR)) < 0.02 || std::fabs((L[1] + cL) - (R[1] + cR)) < 0.02)
        continue;
    }
    ++faces;
    const std::vector<double> w = rng.vec(3);
    auto cells = [&](std::vector<double>& v) { return reinterpret_cast<Cell*>(v.data()); };
    auto run = [&](std::vector<double>& v, double gg, std::vector<double>& F) {
      return hllc_face(cells(v), nx, ny, gg, F.data());
    };
    const std::string tag = "face" + std::to_string(faces) + " ";
#if CUAD_OUTPUT == 1
    auto loss = [&] {
      std::vector<double> F(3);
      const double s = run(cv, g, F);
      return s + dot(w, F);
    };
    std::vector<double> F(3), gc(12, 0.0), gF = w;
    double gg = 0.0;
    CUAD_GRAD(hllc_face_grad_0_3_4(cells(cv), nx, ny, g, F.data(), cells(gc), &gg, gF.data()));
    check.array(tag + "c", gc, fd(cv, loss));
    check.scalar(tag + "g", gg, fd(g, loss));
    check.array(tag + "F", gF, zeros<double>(3));
#else
    const std::vector<double> vc = rng.vec(12, -0.1, 0.1);
    const double vg = 0.7;
    auto outputs_at = [&](double t) {
      std::vector<double> cc = along(cv, t, vc), F(3);
      const double s = run(cc, along(g, t, vg), F);
      F.push_back(s);
      return F;
    };
    std::vector<double> F(3), tc = vc, tF(3, 0.0);
    double value = 0.0, tangent = 0.0;
#if !defined(CUAD_SELFTEST)
    auto r = hllc_face_pushforward_0_3_4(cells(cv), nx, ny, g, F.data(), cells(tc), vg, tF.data());
    value = r.value;
    tangent = r.pushforward;
#endif
    std::vector<double> got = tF;
    got.push_back(tangent);
    check.array(tag + "tangents", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
    std::vector<double> Fp(3);
    check.scalar(tag + "value", value, run(cv, g, Fp));
#endif
#endif
  }
  check.expect(faces == 6, "six faces away from the kinks");
  return check.finish();
}
