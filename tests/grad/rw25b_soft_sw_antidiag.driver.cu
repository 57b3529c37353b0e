#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_soft_sw_antidiag");
  Rng rng(25101);
  const int m = 41, n = 37;  // diagonals up to 37 cells: two blocks of 32 on the long ones
  std::vector<int> a(m), b(n);
  for (int i = 0; i < m; ++i) a[i] = (int)(rng.next() % ALPHA);
  // b: a mutated copy of a stretch of a, so the alignment has a real signal
  for (int j = 0; j < n; ++j) b[j] = (rng.uniform(0, 1) < 0.75) ? a[(j + 3) % m] : (int)(rng.next() % ALPHA);
  std::vector<double> subst(ALPHA * ALPHA);
  for (int x = 0; x < ALPHA; ++x)
    for (int y = 0; y < ALPHA; ++y) subst[x * ALPHA + y] = (x == y) ? rng.uniform(0.8, 1.2) : rng.uniform(-1.2, -0.6);
  double gap = -0.9, temp = 0.7;
  auto loss = [&] { return soft_smith_waterman(a.data(), b.data(), subst.data(), gap, temp, m, n); };
  std::printf("score %.6f\n", loss());
  std::vector<double> g_sub(ALPHA * ALPHA, 0.0);
  double g_gap = 0.0, g_temp = 0.0;
  CUAD_GRAD(soft_smith_waterman_grad_2_3_4(a.data(), b.data(), subst.data(), gap, temp, m, n,
                                           g_sub.data(), &g_gap, &g_temp));
  check.array("subst", g_sub, fd(subst, loss));
  check.scalar("gap", g_gap, fd(gap, loss));
  check.scalar("temp", g_temp, fd(temp, loss));
  return check.finish();
}
