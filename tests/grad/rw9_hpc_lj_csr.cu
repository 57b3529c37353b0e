// cuad: --fn lj_half_csr --wrt f,energy,x,eps
// Lennard-Jones with a half neighbour list in CSR form (row_ptr/col, each pair stored once):
// a data-dependent inner loop, a shifted potential inside the cutoff, the pair force added to
// atom i in registers and scattered to atom j with atomicAdd; energy summed with atomicAdd.
__device__ inline double lj_pair(double r2, double eps, double sig2, double* fscal) {
  double sr2 = sig2 / r2;
  double sr6 = sr2 * sr2 * sr2;
  *fscal = 24.0 * eps * sr6 * (2.0 * sr6 - 1.0) / r2;
  return 4.0 * eps * sr6 * (sr6 - 1.0);
}

__global__ void lj_half_csr(double* f, double* energy, const double* x, const int* row_ptr,
                            const int* col, double eps, double sigma, double rc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double sig2 = sigma * sigma;
  const double rc2 = rc * rc;
  double fscal_c;
  const double ecut = lj_pair(rc2, eps, sig2, &fscal_c);
  double xi = x[3 * i], yi = x[3 * i + 1], zi = x[3 * i + 2];
  double fxi = 0.0, fyi = 0.0, fzi = 0.0, ei = 0.0;
  for (int p = row_ptr[i]; p < row_ptr[i + 1]; ++p) {
    const int j = col[p];
    double dx = xi - x[3 * j];
    double dy = yi - x[3 * j + 1];
    double dz = zi - x[3 * j + 2];
    double r2 = dx * dx + dy * dy + dz * dz;
    if (r2 >= rc2) continue;
    double fs;
    double e = lj_pair(r2, eps, sig2, &fs) - ecut;
    ei += e;
    fxi += fs * dx;
    fyi += fs * dy;
    fzi += fs * dz;
    atomicAdd(&f[3 * j], -fs * dx);
    atomicAdd(&f[3 * j + 1], -fs * dy);
    atomicAdd(&f[3 * j + 2], -fs * dz);
  }
  atomicAdd(&f[3 * i], fxi);
  atomicAdd(&f[3 * i + 1], fyi);
  atomicAdd(&f[3 * i + 2], fzi);
  atomicAdd(energy, ei);
}
