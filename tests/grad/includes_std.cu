// cuad: --fn std_math --wrt x,y
// A file with system includes, using std:: math functions in a host function.
#include <cmath>
#include <cuda_runtime.h>

double std_math(double x, double y) {
  double a = std::exp(std::sin(x)) + std::pow(x, 2.0) * std::cos(y);
  return a * std::sqrt(y) + std::log(x * y) + std::fabs(x - y);
}
