#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 19 rows, up to 6 slots per row, some rows empty, some full; 2 blocks of 16 threads.
int main() {
  Checker check("rw26e_ell_spmv_unsigned");
  Rng rng(26502);
  const unsigned nr = 19, K = 6, nc = 23;
  std::vector<unsigned> cols(K * nr, ELL_EMPTY);
  for (unsigned i = 0; i < nr; ++i) {
    const unsigned len = i == 3 ? 0u : (i % 4 == 1 ? K : 1 + (i * 5) % K);
    for (unsigned k = 0; k < len; ++k) cols[k * nr + i] = (i * 3 + k * 7 + 2) % nc;
  }
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  std::vector<float> vals = rng.vec<float>(K * nr), x = rng.vec<float>(nc), y = rng.vec<float>(nr);
  const float alpha = 1.25f, beta = -0.5f;
  DeviceArray<unsigned> dc(cols);
  auto run = [&](const std::vector<float>& v, const std::vector<float>& xx, const std::vector<float>& yy) {
    DeviceArray<float> dv(v), dx(xx), dy(yy);
    CUAD_LAUNCH((ell_spmv<float, unsigned>), 2, 16, nr, K, dc.ptr, dv.ptr, dx.ptr, alpha, beta, dy.ptr);
    return dy.get();
  };
#endif
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(nr);
  auto loss = [&] { return dot(w, run(vals, x, y)); };
  DeviceArray<float> dv(vals), dx(x), dy(y), gv(zeros<float>(K * nr)), gx(zeros<float>(nc)), gy(w);
  CUAD_GRAD(CUAD_LAUNCH((ell_spmv_grad_3_4_7<float, unsigned>), 2, 16, nr, K, dc.ptr, dv.ptr, dx.ptr,
                        alpha, beta, dy.ptr, gv.ptr, gx.ptr, gy.ptr));
  check.array("vals", gv.get(), fd(vals, loss));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), fd(y, loss));
#elif CUAD_OUTPUT == 2
  std::vector<double> vals = rng.vec(K * nr), x = rng.vec(nc), b = rng.vec(nr);
  double total_ad_check = 0;
  std::vector<double> gv(K * nr, 0.0), gx(nc, 0.0), gb(nr, 0.0);
  // accumulate the gradient of sum_i c_i * r_i^2 over rows by one call per row
  const std::vector<double> c = rng.vec(nr);
  auto loss = [&] {
    EllView<double, unsigned> A{cols.data(), vals.data(), nr, K};
    double s = 0;
    for (unsigned i = 0; i < nr; ++i) s += c[i] * ell_row_residual_sq(A, x.data(), b.data(), i);
    return s;
  };
  // the gradient is d(return)/d(params) with seed 1: one call per row, scaled by c_i
  for (unsigned i = 0; i < nr; ++i) {
    std::vector<double> tv(K * nr, 0.0), tx(nc, 0.0), tb(nr, 0.0);
    EllView<double, unsigned> A{cols.data(), vals.data(), nr, K};
    EllView<double, unsigned> dA{cols.data(), tv.data(), nr, K};
    CUAD_GRAD(ell_row_residual_sq_grad_0_1_2(A, x.data(), b.data(), i, &dA, tx.data(), tb.data()));
    for (size_t k = 0; k < tv.size(); ++k) gv[k] += c[i] * tv[k];
    for (size_t k = 0; k < tx.size(); ++k) gx[k] += c[i] * tx[k];
    for (size_t k = 0; k < tb.size(); ++k) gb[k] += c[i] * tb[k];
  }
  check.array("A.vals", gv, fd(vals, loss));
  check.array("x", gx, fd(x, loss));
  check.array("b", gb, fd(b, loss));
  (void)total_ad_check;
#else
  const std::vector<float> tv = rng.vec<float>(K * nr), tx = rng.vec<float>(nc), ty = rng.vec<float>(nr);
  auto outputs_at = [&](double t) { return as_doubles(run(along(vals, t, tv), along(x, t, tx), along(y, t, ty))); };
  DeviceArray<float> dv(vals), dx(x), dy(y), t_v(tv), t_x(tx), t_y(ty);
  CUAD_GRAD(CUAD_LAUNCH((ell_spmv_pushforward_3_4_7<float, unsigned>), 2, 16, nr, K, dc.ptr, dv.ptr, dx.ptr,
                        alpha, beta, dy.ptr, t_v.ptr, t_x.ptr, t_y.ptr));
  check.array("y tangent", as_doubles(t_y.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("y value", dy.get(), as_doubles(run(vals, x, y)));
#endif
#endif
  return check.finish();
}
