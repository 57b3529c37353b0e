// cuad: --fn kepler_positions --wrt xy,M,ecc,a
// Orbit positions from mean anomalies: Kepler's equation E - e sin E = M solved per thread by
// Newton iterations in a do { } while loop with a tolerance and an iteration cap, then the
// position in the orbital plane. Double precision, grid-stride loop.
__device__ double solve_kepler(double M, double e) {
  double E = (e < 0.8) ? M : M_PI;
  double dE;
  int it = 0;
  do {
    const double f = E - e * sin(E) - M;
    const double fp = 1.0 - e * cos(E);
    dE = f / fp;
    E -= dE;
    ++it;
  } while (fabs(dE) > 1e-13 && it < 50);
  return E;
}

__global__ void kepler_positions(double2* xy, const double* M, const double* ecc, double a,
                                 int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const double e = ecc[i];
    const double E = solve_kepler(M[i], e);
    double2 p;
    p.x = a * (cos(E) - e);
    p.y = a * sqrt(1.0 - e * e) * sin(E);
    xy[i] = p;
  }
}
