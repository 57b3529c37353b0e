// cuad: --fn integrate --wrt out,k0,c
// Explicit Euler in time with a floating-point loop variable (`for (double t = 0; t < T;
// t += dt)`), the rate depending on t; a nested break-out once the state decays.
__global__ void integrate(double* out, const double* k0, double c, double dt, double T, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double u = 1.0;
  for (double t = 0.0; t < T; t += dt) {
    double rate = k0[i] * (1.0 + c * t);
    u = u - dt * rate * u;
    if (u < 1e-3) break;
  }
  out[i] = u;
}
