#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 45 rows; dependencies at distances 1..12 give several levels, one level wider than a block.
int main() {
  Checker check("rw26e_sptrsv_levels");
  Rng rng(26503);
  const int n = 45;
  std::vector<int64_t> rp = {0};
  std::vector<int> col;
  for (int i = 0; i < n; ++i) {
    // rows 0..35 independent of each other except a few; later rows depend on many
    if (i >= 36) {
      for (int j = 0; j < i; j += 5 + (i % 3)) col.push_back(j);
    } else if (i % 9 == 8) {
      col.push_back(i - 3);
      col.push_back(i - 1);
    }
    rp.push_back((int64_t)col.size());
  }
  const int nnz = (int)col.size();
  std::vector<double> val = rng.vec(nnz, -0.4, 0.4), diag = rng.vec(n, 1.0, 2.0), b = rng.vec(n);
  std::vector<double> x(n, 0.0);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> xo(n, 0.0);
    const double r = sptrsv_levelset(n, rp.data(), col.data(), val.data(), diag.data(), b.data(), xo.data());
    return r + dot(w, xo);
  };
  std::vector<double> gval(nnz, 0.0), gdiag(n, 0.0), gb(n, 0.0), gx = w;
  CUAD_GRAD(sptrsv_levelset_grad_3_4_5_6(n, rp.data(), col.data(), val.data(), diag.data(), b.data(),
                                         x.data(), gval.data(), gdiag.data(), gb.data(), gx.data()));
  check.array("val", gval, fd(val, loss));
  check.array("diag", gdiag, fd(diag, loss));
  check.array("b", gb, fd(b, loss));
  check.array("x", gx, zeros<double>(n));
#else
  const std::vector<double> vv = rng.vec(nnz), vd = rng.vec(n), vb = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> a = along(val, t, vv), d = along(diag, t, vd), bb = along(b, t, vb), xo(n, 0.0);
    const double r = sptrsv_levelset(n, rp.data(), col.data(), a.data(), d.data(), bb.data(), xo.data());
    xo.push_back(r);
    return xo;
  };
  std::vector<double> tx(n, 0.0);
  double r = 0.0, tr = 0.0;
  CUAD_GRAD({
    auto res = sptrsv_levelset_pushforward(n, rp.data(), col.data(), val.data(), diag.data(), b.data(), x.data(),
                                           vv.data(), vd.data(), vb.data(), tx.data());
    r = res.value;
    tr = res.pushforward;
  });
  tx.push_back(tr);
  check.array("x and norm tangent", tx, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  x.push_back(r);
  check.array("x and norm value", x, outputs_at(0.0));
#endif
#endif
  return check.finish();
}
