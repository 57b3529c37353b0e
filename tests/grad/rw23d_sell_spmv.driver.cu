#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
using namespace cuad_test;

int main() {
  Checker check("rw23d_sell_spmv");
  Rng rng(23013);
  constexpr int C = 8;
  const int n = 37, ncols = 29, sigma = 16;
  // a random CSR matrix
  std::vector<std::vector<int>> rc(n);
  std::vector<std::vector<double>> rv(n);
  for (int i = 0; i < n; ++i) {
    const int len = (i % 9 == 0) ? 0 : (int)rng.uniform(1, 11);
    for (int q = 0; q < len; ++q) {
      rc[i].push_back((int)rng.uniform(0, ncols - 1e-9));
      rv[i].push_back(rng.uniform(-1, 1));
    }
  }
  // sort rows by length (descending) within windows of sigma
  std::vector<int> perm(n);
  for (int i = 0; i < n; ++i) perm[i] = i;
  for (int s = 0; s < n; s += sigma)
    std::stable_sort(perm.begin() + s, perm.begin() + std::min(n, s + sigma),
                     [&](int a, int b) { return rc[a].size() > rc[b].size(); });
  const int n_slices = (n + C - 1) / C;
  std::vector<int> slice_ptr(n_slices + 1, 0), slice_len(n_slices, 0), col;
  std::vector<double> vals;
  // value index of each CSR entry, to build the finite differences over the CSR values
  for (int s = 0; s < n_slices; ++s) {
    int wdt = 0;
    for (int l = 0; l < C && s * C + l < n; ++l) wdt = std::max(wdt, (int)rc[perm[s * C + l]].size());
    slice_len[s] = wdt;
    for (int j = 0; j < wdt; ++j)
      for (int l = 0; l < C; ++l) {
        const int r = s * C + l;
        if (r < n && j < (int)rc[perm[r]].size()) {
          col.push_back(rc[perm[r]][j]);
          vals.push_back(rv[perm[r]][j]);
        } else {
          col.push_back(-1);
          vals.push_back(rng.uniform(-1, 1));  // garbage in the padding: must not matter
        }
      }
    slice_ptr[s + 1] = (int)col.size();
  }
  const int nv = (int)vals.size();
  std::vector<double> x = rng.vec(ncols), y = rng.vec(n);
  double alpha = 1.3;
  DeviceArray<int> d_sp(slice_ptr), d_sl(slice_len), d_col(col), d_perm(perm);
  const SellView A{d_sp.ptr, d_sl.ptr, d_col.ptr, d_perm.ptr};
  auto run = [&](const std::vector<double>& v, const std::vector<double>& xx, double a, const std::vector<double>& yy) {
    DeviceArray<double> dv(v), dx(xx), dy(yy);
    CUAD_LAUNCH((sell_spmv<C>), 2, 32, n, A, dv.ptr, dx.ptr, a, dy.ptr);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(vals, x, alpha, y)); };
  DeviceArray<double> dv(vals), dx(x), dy(y), gv(zeros<double>(nv)), gx(zeros<double>(ncols)), gy(w);
  CUAD_GRAD(CUAD_LAUNCH((sell_spmv_grad_2_3_5<C>), 2, 32, n, A, dv.ptr, dx.ptr, alpha, dy.ptr, gv.ptr, gx.ptr,
                        gy.ptr));
  check.array("vals", gv.get(), fd(vals, loss));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), fd(y, loss));
#else
  const std::vector<double> tv = rng.vec(nv), tx = rng.vec(ncols), ty = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(vals, t, tv), along(x, t, tx), alpha, along(y, t, ty)); };
  DeviceArray<double> dv(vals), dx(x), dy(y), t_v(tv), t_x(tx), t_y(ty);
  CUAD_GRAD(CUAD_LAUNCH((sell_spmv_pushforward_2_3_5<C>), 2, 32, n, A, dv.ptr, dx.ptr, alpha, dy.ptr, t_v.ptr,
                        t_x.ptr, t_y.ptr));
  check.array("y tangent", t_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
