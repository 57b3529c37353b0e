#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
using namespace cuad_test;

int main() {
  Checker check("rw17s_sell_gs_host");
  // 45 rows, slices of C = 8 (the last slice has 5 rows), a random symmetric pattern with 0..6
  // off-diagonal entries per row, greedy colouring, 3 sweeps with omega = 1.2.
  const int n = 45, C = 8, sweeps = 3;
  Rng rng(17006);
  std::vector<std::vector<int>> adj(n);
  for (int e = 0; e < 80; ++e) {
    const int a = (int)rng.uniform(0, n - 1e-9), c = (int)rng.uniform(0, n - 1e-9);
    if (a == c || adj[a].size() >= 6 || adj[c].size() >= 6) continue;
    bool dup = false;
    for (int v : adj[a]) dup |= v == c;
    if (dup) continue;
    adj[a].push_back(c);
    adj[c].push_back(a);
  }
  // SELL-C: slice width = longest row of the slice, column-major inside the slice
  const int nslices = (n + C - 1) / C;
  std::vector<int> slice_ptr = {0}, col;
  for (int s = 0; s < nslices; ++s) {
    size_t width = 0;
    for (int l = 0; l < C && s * C + l < n; ++l) width = std::max(width, adj[s * C + l].size());
    for (size_t k = 0; k < width; ++k)
      for (int l = 0; l < C; ++l) {
        const int r = s * C + l;
        col.push_back(r < n && k < adj[r].size() ? adj[r][k] : -1);
      }
    slice_ptr.push_back((int)col.size());
  }
  const int stored = (int)col.size();
  // greedy colouring
  std::vector<int> color(n, -1);
  int ncolors = 0;
  for (int r = 0; r < n; ++r) {
    int c = 0;
    for (;; ++c) {
      bool used = false;
      for (int v : adj[r]) used |= color[v] == c;
      if (!used) break;
    }
    color[r] = c;
    ncolors = std::max(ncolors, c + 1);
  }
  std::vector<int> perm, color_ptr = {0};
  for (int c = 0; c < ncolors; ++c) {
    for (int r = 0; r < n; ++r)
      if (color[r] == c) perm.push_back(r);
    color_ptr.push_back((int)perm.size());
  }
  std::vector<double> val = rng.vec(stored, -0.5, 0.5), diag = rng.vec(n, 2.5, 4.0),
                      b = rng.vec(n), x = rng.vec(n);
  double omega = 1.2;
  const std::vector<double> wx = rng.vec(n);
  auto loss = [&] {
    std::vector<double> xx = x;
    sell_multicolor_sor(n, C, slice_ptr.data(), col.data(), val.data(), stored, diag.data(),
                        b.data(), perm.data(), color_ptr.data(), ncolors, omega, sweeps, xx.data());
    return dot(wx, xx);
  };
  std::vector<double> xx = x, gv(stored, 0.0), gd(n, 0.0), gb(n, 0.0), gx = wx;
  double gomega = 0.0;
  CUAD_GRAD(sell_multicolor_sor_grad_4_6_7_11_13(
      n, C, slice_ptr.data(), col.data(), val.data(), stored, diag.data(), b.data(), perm.data(),
      color_ptr.data(), ncolors, omega, sweeps, xx.data(), gv.data(), gd.data(), gb.data(),
      &gomega, gx.data()));
  check.array("val", gv, fd(val, loss));
  check.array("diag", gd, fd(diag, loss));
  check.array("b", gb, fd(b, loss));
  check.scalar("omega", gomega, fd(omega, loss));
  check.array("x", gx, fd(x, loss));
  return check.finish();
}
