// cuad: --fn stats --wrt x,out
// cuad: fwd --fn stats
// The element a search finds, `*std::max_element` / `*std::min_element`, on host ranges:
// offsets in a pointer, a comparator (largest magnitude), a `std::vector`'s `begin()`/`end()`
// with an offset, in a loop over rows, in a `?:` arm.
#include <algorithm>
#include <cmath>
#include <vector>

void stats(const double* x, double* out, int rows, int cols) {
  std::vector<double> sq(cols);
  for (int r = 0; r < rows; ++r) {
    const double* row = x + r * cols;
    const double hi = *std::max_element(row, row + cols);
    const double lo = *std::min_element(x + r * cols + 1, x + (r + 1) * cols);
    const double big = *std::max_element(row, row + cols, [](double a, double b) {
      return std::fabs(a) < std::fabs(b);
    });
    for (int c = 0; c < cols; ++c) sq[c] = row[c] * row[c];
    const double tail = *std::max_element(sq.begin() + 1, sq.end());
    out[r] = hi * lo + big + (r % 2 == 0 ? tail : *std::min_element(sq.begin(), sq.end()));
  }
}
