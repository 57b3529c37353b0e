#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// A 7 x 7 grid with diagonal neighbours (9-point pattern: 4 colors), 49 rows, 3 sweeps.
int main() {
  Checker check("rw26e_multicolor_sor");
  Rng rng(26514);
  const int g = 7, n = g * g, sweeps = 3;
  std::vector<int> rp = {0}, col;
  for (int i = 0; i < n; ++i) {
    const int r = i / g, c = i % g;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        if (!dr && !dc) continue;
        const int rr = r + dr, cc = c + dc;
        if (rr >= 0 && rr < g && cc >= 0 && cc < g) col.push_back(rr * g + cc);
      }
    rp.push_back((int)col.size());
  }
  const int nnz = (int)col.size();
  std::vector<double> val = rng.vec(nnz, -1.0, -0.2), diag = rng.vec(n, 8.0, 10.0), b = rng.vec(n),
                      x0 = rng.vec(n, -0.5, 0.5);
  double omega = 1.2;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> x = x0;
    multicolor_sor(n, rp.data(), col.data(), val.data(), diag.data(), b.data(), omega, sweeps, x.data());
    return dot(w, x);
  };
  std::vector<double> x = x0, gval(nnz, 0.0), gdiag(n, 0.0), gb(n, 0.0), gx = w;
  double gomega = 0.0;
  CUAD_GRAD(multicolor_sor_grad_3_4_5_6_8(n, rp.data(), col.data(), val.data(), diag.data(), b.data(), omega,
                                          sweeps, x.data(), gval.data(), gdiag.data(), gb.data(), &gomega,
                                          gx.data()));
  check.array("val", gval, fd(val, loss));
  check.array("diag", gdiag, fd(diag, loss));
  check.array("b", gb, fd(b, loss));
  check.scalar("omega", gomega, fd(omega, loss));
  check.array("x", gx, fd(x0, loss));
#else
  const std::vector<double> vv = rng.vec(nnz), vd = rng.vec(n), vb = rng.vec(n), vx = rng.vec(n);
  const double vo = -0.3;
  auto outputs_at = [&](double t) {
    std::vector<double> a = along(val, t, vv), d = along(diag, t, vd), bb = along(b, t, vb), x = along(x0, t, vx);
    multicolor_sor(n, rp.data(), col.data(), a.data(), d.data(), bb.data(), omega + t * vo, sweeps, x.data());
    return x;
  };
  std::vector<double> x = x0, tx = vx;
  CUAD_GRAD(multicolor_sor_pushforward(n, rp.data(), col.data(), val.data(), diag.data(), b.data(), omega, sweeps,
                                       x.data(), vv.data(), vd.data(), vb.data(), vo, tx.data()));
  check.array("x tangent", tx, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("x value", x, outputs_at(0.0));
#endif
#endif
  return check.finish();
}
