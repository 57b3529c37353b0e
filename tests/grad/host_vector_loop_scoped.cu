// cuad: --fn smooth --wrt x,out
// cuad: fwd --fn smooth
// `std::vector`s declared in loop bodies, fresh each iteration and sized from names the loop
// leaves alone: a zeroed accumulator (`acc(m)`), one filled with a constant (`w(m, 0.5)`) in
// an inner loop, a range copy (`row(x + 0, x + m)`) whose count does not change; each is one
// buffer allocated before the outermost loop and refilled at its declaration.
#include <vector>

void smooth(const double* x, double* out, int m, int steps) {
  const int pad = m + 1;
  std::vector<double> state(x, x + m);
  for (int s = 0; s < steps; ++s) {
    std::vector<double> acc(m);
    for (int i = 0; i < m; ++i) {
      std::vector<double> w(pad, 0.5);
      w[i] += state[i];
      for (int k = 0; k < (int)w.size(); ++k) acc[i] += w[k] * w[k];
    }
    std::vector<double> row(x, x + m);
    for (int i = 0; i < m; ++i) state[i] = 0.1 * acc[i] + row[i] * state[(i + 1) % m];
  }
  for (int i = 0; i < m; ++i) out[i] = state[i];
}
