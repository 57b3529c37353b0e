#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("math_binary");
  const char* names[] = {"pow", "fmin", "fmax", "hypot", "atan2", "fma", "pow2y", "powi",
                         "div", "minmax"};
  const int terms = 10;
  const double points[][2] = {{0.63, 1.45}, {1.7, 0.35}};
  for (int t = 0; t < terms; ++t) {
    std::vector<double> sel(terms, 0.0);
    sel[t] = 1.0;
    for (int p = 0; p < 2; ++p) {
      double x = points[p][0], y = points[p][1];
      auto loss = [&] { return math_binary(sel.data(), x, y); };
      double dx = 0, dy = 0;
      CUAD_GRAD(math_binary_grad_1_2(sel.data(), x, y, &dx, &dy));
      std::string label = std::string(names[t]) + "@" + std::to_string(p);
      check.scalar(label + ".x", dx, fd(x, loss));
      check.scalar(label + ".y", dy, fd(y, loss));
    }
  }
  return check.finish();
}
