// cuad: --fn weighted_reverse_dot --wrt x
// Minimal: a host std::vector<int> constructed with (count, value) parentheses. The gradient
// hoists the declaration and rewrites it as std::vector<int>{n + 1, 0} (two elements).
#include <vector>

double weighted_reverse_dot(const double* x, int n) {
  std::vector<int> offs(n + 1, 0);
  for (int i = 0; i < n; ++i) offs[i + 1] = offs[i] + (i % 2 ? 2 : 1);
  double s = 0.0;
  for (int i = 0; i < n; ++i) s += offs[i + 1] * x[i] * x[n - 1 - i];
  return s;
}
