// Seed 003: relu3 with a result variable, differentiated through Enzyme's entry point
// (declared here so the call is complete).
#include <cmath>

double __enzyme_autodiff(double (*)(double), double);

double relu3(double x) {

  double result;

  if (x > 0)

    result = pow(x, 3);

  else

    result = 0;

  return result;

}

double diffe_relu3(double x) {

  return __enzyme_autodiff(relu3, x);

}
