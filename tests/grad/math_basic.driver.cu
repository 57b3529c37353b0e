#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("math_basic");
  const char* names[] = {"sin",  "cos",  "tan",   "exp",  "log",  "sqrt", "fabs", "pow",
                         "tanh", "erf",  "cbrt",  "log1p", "expm1", "rsqrt", "atan", "asin",
                         "acos", "sinh", "cosh", "erfc", "log2", "log10", "exp2", "square"};
  const int terms = 24;
  const double points[] = {0.23, 0.71};
  for (int t = 0; t < terms; ++t) {
    std::vector<double> sel(terms, 0.0);
    sel[t] = 1.0;
    for (double x0 : points) {
      double x = x0;
      auto loss = [&] { return math_basic(sel.data(), x); };
      double dx = 0;
      CUAD_GRAD(math_basic_grad_1(sel.data(), x, &dx));
      check.scalar(std::string(names[t]) + "@" + std::to_string(x0), dx, fd(x, loss));
    }
  }
  return check.finish();
}
