// cuad: --fn k --wrt x,y
// cuad: fwd --fn k
// C++17 `if` and `switch` with an init-statement (`if (const double z = ...; z > 0.0)`,
// `switch (const int m = ...; m)`) and the older declaration as the condition
// (`if (double s = ...)`, tested as `s != 0`): each runs as a block that declares the names
// first, then the `if` or `switch`.
__global__ void k(const double* x, double* y) {
  const int i = threadIdx.x;
  double acc = 0.0;
  if (const double z = 2.0 * x[i]; z > 0.0)
    acc = z * z;
  else
    acc = expm1(z);
  if (double s = x[i] - 0.25 * i) acc += s * x[i];
  switch (const int m = i % 3; m) {
    case 0: acc *= x[i]; break;
    case 1: acc += sin(x[i]); break;
    default: acc -= 0.5 * x[i] * x[i];
  }
  y[i] = acc;
}
