// cuad: --fn nuclear_attraction_ss --wrt alpha,coef,centers,nuclei,V
// cuad: --fn boys_f0_ref
// Nuclear-attraction matrix over contracted s-type Gaussian shells, as a small Hartree-Fock
// code writes it: one thread per shell pair (a, b), primitives of each shell found through a
// CSR-like offset array (shell_start), normalised primitives (2a/pi)^(3/4), the Gaussian
// product theorem for the centre P and the prefactor K_ab, and the Boys function F0(T)
// evaluated by a helper that writes through an output reference: a convergent series
// exp(-T) sum (2T)^k / (1*3*...*(2k+1)) with a data-dependent number of terms for small
// T, the closed erf form 0.5*sqrt(pi/T)*erf(sqrt(T)) above a switch. Nuclei are double4
// (x, y, z, charge).
#include <cuda_runtime.h>
#include <math.h>

#define PI_D 3.14159265358979323846
#define BOYS_SWITCH 4.0

__host__ __device__ void boys_f0_ref(double T, double& F0) {
  if (T < BOYS_SWITCH) {
    double term = 1.0;  // k = 0 term of the sum
    double sum = 1.0;
    int k = 0;
    while (term > 1e-17 * sum && k < 80) {
      term *= 2.0 * T / (2.0 * k + 3.0);
      sum += term;
      ++k;
    }
    F0 = exp(-T) * sum;
  } else {
    const double st = sqrt(T);
    F0 = 0.5 * sqrt(PI_D / T) * erf(st);
  }
}

__device__ inline double prim_norm_s(double a) { return pow(2.0 * a / PI_D, 0.75); }

__global__ void nuclear_attraction_ss(int n_shell, const int* __restrict__ shell_start,
                                      const double* __restrict__ alpha, const double* __restrict__ coef,
                                      const double* __restrict__ centers, int n_nuc,
                                      const double4* __restrict__ nuclei, double* __restrict__ V) {
  const int pair = blockIdx.x * blockDim.x + threadIdx.x;
  if (pair >= n_shell * n_shell) return;
  const int a = pair / n_shell, b = pair % n_shell;
  const double Ax = centers[3 * a], Ay = centers[3 * a + 1], Az = centers[3 * a + 2];
  const double Bx = centers[3 * b], By = centers[3 * b + 1], Bz = centers[3 * b + 2];
  const double AB2 = (Ax - Bx) * (Ax - Bx) + (Ay - By) * (Ay - By) + (Az - Bz) * (Az - Bz);
  double vab = 0.0;
  for (int p = shell_start[a]; p < shell_start[a + 1]; ++p) {
    const double ap = alpha[p];
    const double cp = coef[p] * prim_norm_s(ap);
    for (int q = shell_start[b]; q < shell_start[b + 1]; ++q) {
      const double bq = alpha[q];
      const double cq = coef[q] * prim_norm_s(bq);
      const double g = ap + bq;
      const double Kab = exp(-ap * bq / g * AB2);
      const double Px = (ap * Ax + bq * Bx) / g;
      const double Py = (ap * Ay + bq * By) / g;
      const double Pz = (ap * Az + bq * Bz) / g;
      double vnuc = 0.0;
      for (int c = 0; c < n_nuc; ++c) {
        const double4 C = nuclei[c];
        const double PC2 = (Px - C.x) * (Px - C.x) + (Py - C.y) * (Py - C.y) + (Pz - C.z) * (Pz - C.z);
        double F0;
        boys_f0_ref(g * PC2, F0);
        vnuc -= C.w * F0;
      }
      vab += cp * cq * (2.0 * PI_D / g) * Kab * vnuc;
    }
  }
  V[pair] = vab;
}
