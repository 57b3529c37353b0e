// cuad: --fn overlap_kinetic_block<1,1> --wrt expo,coef,centers,S,T
// cuad: --fn overlap_kinetic_block<2,0> --wrt expo,coef,centers,S,T
// Overlap and kinetic-energy integrals between Cartesian Gaussian shells by the Obara-Saika
// recurrences, templated on the two angular momenta: per primitive pair, 1-D overlaps
// S_x(i, j) for i <= LA, j <= LB + 2 are built in a local table sized by the template
// arguments (no recursion: loops over i then j), the 1-D kinetic integrals follow from
//   T(i,j) = -2 b^2 S(i,j+2) + b (2j+1) S(i,j) - j(j-1)/2 S(i,j-2),
// and the Cartesian components of each shell come from a __constant__ table of exponent
// triples (offset by the shell's angular momentum). One thread per shell pair; the
// contraction loops run over each shell's primitive range from an offset array.
#include <cuda_runtime.h>
#include <math.h>

#define PI_D 3.14159265358979323846

// Cartesian exponents (lx, ly, lz): L = 0 at 0, L = 1 at 1..3, L = 2 at 4..9
__constant__ int c_cart[10][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {2, 0, 0},
                                  {1, 1, 0}, {1, 0, 1}, {0, 2, 0}, {0, 1, 1}, {0, 0, 2}};
__constant__ int c_cart_off[3] = {0, 1, 4};

__host__ __device__ constexpr int n_cart(int l) { return (l + 1) * (l + 2) / 2; }

template <int LA, int LB>
__device__ void os_1d(double p, double PA, double PB, double s00, double (&S)[LA + 1][LB + 3]) {
  const double inv2p = 0.5 / p;
  S[0][0] = s00;
  for (int i = 0; i <= LA; ++i) {
    if (i > 0) {
      // raise i from row i-1, column 0
      S[i][0] = PA * S[i - 1][0] + (i > 1 ? (i - 1) * inv2p * S[i - 2][0] : 0.0);
    }
    for (int j = 1; j <= LB + 2; ++j) {
      double v = PB * S[i][j - 1];
      if (i > 0) v += i * inv2p * S[i - 1][j - 1];
      if (j > 1) v += (j - 1) * inv2p * S[i][j - 2];
      S[i][j] = v;
    }
  }
}

template <int LA, int LB>
__device__ inline double kin_1d(double b, const double (&S)[LA + 1][LB + 3], int i, int j) {
  double t = -2.0 * b * b * S[i][j + 2] + b * (2 * j + 1) * S[i][j];
  if (j >= 2) t -= 0.5 * j * (j - 1) * S[i][j - 2];
  return t;
}

template <int LA, int LB>
__global__ void overlap_kinetic_block(int n_pairs, const int* __restrict__ pair_a, const int* __restrict__ pair_b,
                                      const int* __restrict__ prim_start, const double* __restrict__ expo,
                                      const double* __restrict__ coef, const double* __restrict__ centers,
                                      double* __restrict__ S, double* __restrict__ T) {
  const int pr = blockIdx.x * blockDim.x + threadIdx.x;
  if (pr >= n_pairs) return;
  constexpr int NA = n_cart(LA), NB = n_cart(LB);
  const int sa = pair_a[pr], sb = pair_b[pr];
  double A[3], B[3];
  for (int d = 0; d < 3; ++d) {
    A[d] = centers[3 * sa + d];
    B[d] = centers[3 * sb + d];
  }
  double s_acc[NA * NB], t_acc[NA * NB];
  for (int k = 0; k < NA * NB; ++k) s_acc[k] = t_acc[k] = 0.0;
  for (int p = prim_start[sa]; p < prim_start[sa + 1]; ++p) {
    for (int q = prim_start[sb]; q < prim_start[sb + 1]; ++q) {
      const double a = expo[p], b = expo[q], g = a + b, mu = a * b / g;
      const double cc = coef[p] * coef[q];
      double Sx[3][LA + 1][LB + 3];
      for (int d = 0; d < 3; ++d) {
        const double P = (a * A[d] + b * B[d]) / g;
        const double AB = A[d] - B[d];
        os_1d<LA, LB>(g, P - A[d], P - B[d], sqrt(PI_D / g) * exp(-mu * AB * AB), Sx[d]);
      }
      for (int ia = 0; ia < NA; ++ia) {
        const int* ea = c_cart[c_cart_off[LA] + ia];
        for (int ib = 0; ib < NB; ++ib) {
          const int* eb = c_cart[c_cart_off[LB] + ib];
          const double sx = Sx[0][ea[0]][eb[0]], sy = Sx[1][ea[1]][eb[1]], sz = Sx[2][ea[2]][eb[2]];
          const double tx = kin_1d<LA, LB>(b, Sx[0], ea[0], eb[0]);
          const double ty = kin_1d<LA, LB>(b, Sx[1], ea[1], eb[1]);
          const double tz = kin_1d<LA, LB>(b, Sx[2], ea[2], eb[2]);
          s_acc[ia * NB + ib] += cc * sx * sy * sz;
          t_acc[ia * NB + ib] += cc * (tx * sy * sz + sx * ty * sz + sx * sy * tz);
        }
      }
    }
  }
  for (int k = 0; k < NA * NB; ++k) {
    S[pr * NA * NB + k] = s_acc[k];
    T[pr * NA * NB + k] = t_acc[k];
  }
}

// Both instances are launched by the integral driver.
template __global__ void overlap_kinetic_block<1, 1>(int, const int*, const int*, const int*, const double*,
                                                     const double*, const double*, double*, double*);
template __global__ void overlap_kinetic_block<2, 0>(int, const int*, const int*, const int*, const double*,
                                                     const double*, const double*, double*, double*);
