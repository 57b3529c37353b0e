#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Smallest gap between the chosen pivot and the others (partial pivoting: Gauss-Jordan picks
// the same rows as LU), and whether any row moved.
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
  Checker check("rw22g_gj_warp_inverse");
  const int nmat = 8, n = 4;
  Rng rng(22703);
  std::vector<double> A;
  int swaps = 0;
  while ((int)A.size() < nmat * n * n) {
    std::vector<double> m = rng.vec(n * n, -1.0, 1.0);
    for (int i = 0; i < n; ++i) m[i * n + (i + 1) % n] += 0.6;  // pivots off the diagonal
    bool sw = false;
    if (pivot_margin(m, n, &sw) < 0.03) continue;
    swaps += sw;
    A.insert(A.end(), m.begin(), m.end());
  }
  check.expect(swaps >= nmat / 2, "most matrices pivot");
  std::vector<double> det0(nmat, 0.0);
#if CUAD_OUTPUT == 1
  const std::vector<double> wA = rng.vec(A.size()), wd = rng.vec(nmat);
  auto loss = [&] {
    DeviceArray<double> dA(A), dd(det0);
    CUAD_LAUNCH(gj_inverse_warp, 1, 64, nmat, dA.ptr, dd.ptr);
    return dot(wA, dA.get()) + dot(wd, dd.get());
  };
  DeviceArray<double> dA(A), dd(det0), gA(wA), gd(wd);
  CUAD_GRAD(CUAD_LAUNCH(gj_inverse_warp_grad_1_2, 1, 64, nmat, dA.ptr, dd.ptr, gA.ptr, gd.ptr));
  check.array("A", gA.get(), fd(A, loss));
  check.array("det", gd.get(), zeros<double>(nmat));
#else
  const std::vector<double> vA = rng.vec(A.size());
  auto outputs_at = [&](double t) {
    DeviceArray<double> dA(along(A, t, vA)), dd(det0);
    CUAD_LAUNCH(gj_inverse_warp, 1, 64, nmat, dA.ptr, dd.ptr);
    std::vector<double> out = dA.get(), d = dd.get();
    out.insert(out.end(), d.begin(), d.end());
    return out;
  };
  DeviceArray<double> dA(A), dd(det0), tA(vA), td(zeros<double>(nmat));
  CUAD_GRAD(CUAD_LAUNCH(gj_inverse_warp_pushforward, 1, 64, nmat, dA.ptr, dd.ptr, tA.ptr, td.ptr));
  std::vector<double> got = tA.get(), d = td.get();
  got.insert(got.end(), d.begin(), d.end());
  check.array("inverse, det tangent", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  // the inverse itself: A * inv(A) = I
  std::vector<double> inv = dA.get();
  double err = 0.0;
  for (int q = 0; q < nmat; ++q)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        double s = 0.0;
        for (int k = 0; k < n; ++k) s += A[q * 16 + i * n + k] * inv[q * 16 + k * n + j];
        err = std::fmax(err, std::fabs(s - (i == j ? 1.0 : 0.0)));
      }
  check.expect(err < 1e-10, "A * inverse = I");
#endif
#endif
  return check.finish();
}
