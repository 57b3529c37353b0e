#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Host LU with the same pivot rule: the smallest relative gap between the chosen pivot and
// the runner-up over all steps (the inputs must stay away from pivot ties), and whether any
// row moved.
static double pivot_margin(std::vector<double> a, int n, bool* swapped) {
  double margin = 1e30;
  for (int k = 0; k < n; ++k) {
    int p = k;
    for (int i = k + 1; i < n; ++i)
      if (std::fabs(a[i * n + k]) > std::fabs(a[p * n + k])) p = i;
    for (int i = k; i < n; ++i)
      if (i != p) margin = std::fmin(margin, std::fabs(a[p * n + k]) - std::fabs(a[i * n + k]));
    if (p != k) {
      *swapped = true;
      for (int j = 0; j < n; ++j) std::swap(a[k * n + j], a[p * n + j]);
    }
    for (int i = k + 1; i < n; ++i) {
      const double l = a[i * n + k] / a[k * n + k];
      for (int j = k; j < n; ++j) a[i * n + j] -= l * a[k * n + j];
    }
  }
  return margin;
}

int main() {
  Checker check("rw22g_lu_pivot6");
  const int batch = 10, n = 6;
  Rng rng(22701);
  std::vector<double> A;
  int swaps = 0;
  while ((int)A.size() < batch * n * n) {  // keep matrices whose pivots are decided clearly
    std::vector<double> m = rng.vec(n * n, -1.0, 1.0);
    for (int i = 0; i < n; ++i) m[i * n + i] += 0.4 * (i % 2 ? 1.0 : -1.0);
    bool sw = false;
    if (pivot_margin(m, n, &sw) < 0.02) continue;
    swaps += sw;
    A.insert(A.end(), m.begin(), m.end());
  }
  check.expect(swaps >= batch / 2, "most matrices pivot");
  std::vector<double> b = rng.vec(batch * n), x0 = rng.vec(batch * n);
  std::vector<int> perm0(batch * n, -1);
#if CUAD_OUTPUT == 1
  const std::vector<double> wx = rng.vec(batch * n), wl = rng.vec(batch);
  std::vector<double> ld0(batch, 0.0);
  auto loss = [&] {
    DeviceArray<double> dA(A), db(b), dx(x0), dl(ld0);
    DeviceArray<int> dp(perm0);
    CUAD_LAUNCH(lu_solve6, 1, 32, batch, dA.ptr, db.ptr, dx.ptr, dp.ptr, dl.ptr);
    return dot(wx, dx.get()) + dot(wl, dl.get());
  };
  DeviceArray<double> dA(A), db(b), dx(x0), dl(ld0), gA(zeros<double>(A.size())),
      gb(zeros<double>(b.size())), gx(wx), gl(wl);
  DeviceArray<int> dp(perm0);
  CUAD_GRAD(CUAD_LAUNCH(lu_solve6_grad_1_2_3_5, 1, 32, batch, dA.ptr, db.ptr, dx.ptr, dp.ptr,
                        dl.ptr, gA.ptr, gb.ptr, gx.ptr, gl.ptr));
  check.array("A", gA.get(), fd(A, loss));
  check.array("b", gb.get(), fd(b, loss));
  check.array("x", gx.get(), fd(x0, loss));
#else
  const std::vector<double> vA = rng.vec(A.size()), vb = rng.vec(b.size());
  auto outputs_at = [&](double t) {
    DeviceArray<double> dA(along(A, t, vA)), db(along(b, t, vb)), dx(x0), dl(zeros<double>(batch));
    DeviceArray<int> dp(perm0);
    CUAD_LAUNCH(lu_solve6, 1, 32, batch, dA.ptr, db.ptr, dx.ptr, dp.ptr, dl.ptr);
    std::vector<double> out = dx.get(), l = dl.get();
    out.insert(out.end(), l.begin(), l.end());
    return out;
  };
  DeviceArray<double> dA(A), db(b), dx(x0), dl(zeros<double>(batch)), tA(vA), tb(vb),
      tx(zeros<double>(batch * n)), tl(zeros<double>(batch));
  DeviceArray<int> dp(perm0);
  CUAD_GRAD(CUAD_LAUNCH(lu_solve6_pushforward, 1, 32, batch, dA.ptr, db.ptr, dx.ptr, dp.ptr,
                        dl.ptr, tA.ptr, tb.ptr, tx.ptr, tl.ptr));
  std::vector<double> got = tx.get(), l = tl.get();
  got.insert(got.end(), l.begin(), l.end());
  check.array("x, logabsdet tangent", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> val = dx.get(), lv = dl.get();
  val.insert(val.end(), lv.begin(), lv.end());
  check.array("x, logabsdet value", val, outputs_at(0.0), Tol{1e-12, 1e-12});
#endif
#endif
  return check.finish();
}
