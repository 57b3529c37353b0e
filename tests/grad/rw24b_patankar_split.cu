// cuad: fwd --fn patankar_step
// cuad: --fn patankar_step --wrt conc,temp,kin,conc_out,temp_out
// A positivity-preserving (Patankar-type, sequential Gauss-Seidel) update of a stiff
// consecutive mechanism A -> B -> C with an Arrhenius temperature coupling, one cell per
// thread, as an operator-split chemistry step writes it: a helper computes
// c_new = (c + dt P) / (1 + dt L / c) and is called in place, with the same local passed as
// the input (const reference) and as the output (reference), species after species, each
// update using the freshly updated upstream species; the temperature gets the same kind of
// in-place helper with two outputs written through references. Forward mode (sensitivities
// of the split step) and reverse mode are checked.
#include <cuda_runtime.h>
#include <cmath>

__device__ void positive_update(const double& c, double P, double L, double dt, double& c_new) {
  c_new = (c + dt * P) / (1.0 + dt * L / c);
}

__device__ void heat_update(const double& T, double q, double rate, double dt, double& T_new,
                            double& released) {
  released = q * rate * dt;
  T_new = T + released / (1.0 + 0.1 * T);
}

__global__ void patankar_step(const double* __restrict__ conc, const double* __restrict__ temp,
                              const double* __restrict__ kin, double* __restrict__ conc_out,
                              double* __restrict__ temp_out, double dt, int ncell) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= ncell) return;
  double A = conc[3 * i], B = conc[3 * i + 1], C = conc[3 * i + 2];
  double T = temp[i];
  const double k1 = exp(kin[0] - kin[1] / T);
  const double k2 = exp(kin[2] - kin[3] / T);
  const double A0 = A;
  positive_update(A, 0.0, k1, dt, A);
  positive_update(B, k1 * A, k2, dt, B);
  positive_update(C, k2 * B, 0.0, dt, C);
  double released;
  heat_update(T, kin[4], k1 * A0 + 0.5 * k2 * B, dt, T, released);
  conc_out[3 * i] = A;
  conc_out[3 * i + 1] = B;
  conc_out[3 * i + 2] = C;
  temp_out[i] = T + 0.1 * released;
}
