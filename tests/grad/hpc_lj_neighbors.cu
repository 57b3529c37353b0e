// cuad: --fn lj_forces --wrt f,energy,x,epsilon
// Lennard-Jones forces over a fixed-size neighbour list (padded with -1), `continue` on
// padding and beyond the cutoff, periodic minimum image with rint, energy via atomicAdd.
#define MAXNB 8
__global__ void __launch_bounds__(64) lj_forces(double* f, double* energy, const double* x,
                                                const int* nbr, double epsilon, double sigma,
                                                double rc2, double box, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double xi = x[2 * i], yi = x[2 * i + 1];
  double fx = 0.0, fy = 0.0, e = 0.0;
  double s2 = sigma * sigma;
#pragma unroll
  for (int k = 0; k < MAXNB; ++k) {
    int j = nbr[i * MAXNB + k];
    if (j < 0) continue;
    double dx = xi - x[2 * j];
    double dy = yi - x[2 * j + 1];
    dx -= box * rint(dx / box);
    dy -= box * rint(dy / box);
    double r2 = dx * dx + dy * dy;
    if (r2 > rc2) continue;
    double sr2 = s2 / r2;
    double sr6 = sr2 * sr2 * sr2;
    double fr = 24.0 * epsilon * sr6 * (2.0 * sr6 - 1.0) / r2;
    fx += fr * dx;
    fy += fr * dy;
    e += 2.0 * epsilon * sr6 * (sr6 - 1.0);
  }
  f[2 * i] = fx;
  f[2 * i + 1] = fy;
  atomicAdd(energy, e);
}
