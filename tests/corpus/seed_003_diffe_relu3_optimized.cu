// Seed 003: the gradient Enzyme produces for relu3 after optimization.
#include <cmath>

double diffe_relu3(double x) {

  double result;

  if (x > 0)

    result = 3 * pow(x, 2);

  else

    result = 0;

  return result;

}
