// Seeds 002/003: relu3 and its hand-written derivative (missing semicolons added).
#include <cmath>

double relu3(double x) {

  if (x > 0)

    return pow(x,3);

  else

    return 0;

}

double grad_relu3(double x) {

  if (x > 0)

    return 3 * pow(x,2);

  else

    return 0;

}
