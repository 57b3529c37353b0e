// cuad: --fn boys_eval --wrt T,F
// cuad: --fn nuclear_ps_host --wrt alpha_p,alpha_s,centers,nuc,V
// cuad: fwd --fn nuclear_ps_host --wrt alpha_p,alpha_s,centers,nuc,V
// Boys functions F_m(T), m = 0..M, from a pretabulated grid in __constant__ memory, as
// integral libraries do: for T below TMAX, a 6-term Taylor expansion of F_M around the
// nearest grid point T_k (F_m'(T) = -F_{m+1}(T), so the table holds orders up to M + 5),
// then downward recursion F_m = (2T F_{m+1} + e^{-T}) / (2m+1); above TMAX the asymptotic
// F_0 = sqrt(pi/T)/2 and upward recursion. The host routine builds the table itself (by the
// convergent series), copies it to the symbol, and launches a kernel of nuclear-attraction
// integrals <p_i | 1/|r-C| | s> between one p shell and one s shell of primitives:
//   (2 pi / g) K [ PA_i F0(g PC^2) - PC_i F1(g PC^2) ], summed over nuclei with charges.
#include <cuda_runtime.h>
#include <cmath>
#include <vector>

#define PI_D 3.14159265358979323846
#define BOYS_M 2
#define BOYS_ORDERS (BOYS_M + 6)
#define BOYS_NGRID 121
#define BOYS_DT 0.1
#define BOYS_TMAX 12.0

__constant__ double c_boys[BOYS_NGRID * BOYS_ORDERS];

__device__ void boys_eval(double T, int m_max, double* F) {
  if (T < BOYS_TMAX) {
    const int k = (int)(T / BOYS_DT + 0.5);
    const double d = k * BOYS_DT - T;  // F(T) = sum_j F^{(j)}(T_k) (T - T_k)^j / j!, F^{(j)} = (-1)^j F_{m+j}
    double fm = 0.0, pw = 1.0, fact = 1.0;
    for (int j = 0; j < 6; ++j) {
      fm += c_boys[k * BOYS_ORDERS + m_max + j] * pw / fact;
      pw *= d;
      fact *= (j + 1);
    }
    F[m_max] = fm;
    const double et = exp(-T);
    for (int m = m_max - 1; m >= 0; --m) F[m] = (2.0 * T * F[m + 1] + et) / (2 * m + 1);
  } else {
    const double et = exp(-T);
    F[0] = 0.5 * sqrt(PI_D / T);
    for (int m = 0; m < m_max; ++m) F[m + 1] = ((2 * m + 1) * F[m] - et) / (2.0 * T);
  }
}

__global__ void nuclear_ps(int np, int ns, const double* __restrict__ alpha_p, const double* __restrict__ alpha_s,
                           const double* __restrict__ centers, int n_nuc, const double* __restrict__ nuc,
                           double* __restrict__ V) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= np * ns) return;
  const double a = alpha_p[t / ns], b = alpha_s[t % ns], g = a + b;
  double P[3], PA[3], AB2 = 0.0;
  for (int d = 0; d < 3; ++d) {
    const double A = centers[d], B = centers[3 + d];
    P[d] = (a * A + b * B) / g;
    PA[d] = P[d] - A;
    AB2 += (A - B) * (A - B);
  }
  const double pref = 2.0 * PI_D / g * exp(-a * b / g * AB2);
  double v[3] = {0.0, 0.0, 0.0};
  for (int c = 0; c < n_nuc; ++c) {
    double PC[3], PC2 = 0.0;
    for (int d = 0; d < 3; ++d) {
      PC[d] = P[d] - nuc[4 * c + d];
      PC2 += PC[d] * PC[d];
    }
    double F[BOYS_M + 1];
    boys_eval(g * PC2, 1, F);
    for (int d = 0; d < 3; ++d) v[d] -= nuc[4 * c + 3] * pref * (PA[d] * F[0] - PC[d] * F[1]);
  }
  for (int d = 0; d < 3; ++d) V[3 * t + d] = v[d];
}

// Boys table by the series F_m(T) = e^{-T} sum_k (2T)^k / ((2m+1)(2m+3)...(2m+2k+1)).
static void build_boys_table(std::vector<double>& tab) {
  tab.assign(BOYS_NGRID * BOYS_ORDERS, 0.0);
  for (int k = 0; k < BOYS_NGRID; ++k) {
    const double T = k * BOYS_DT;
    for (int m = 0; m < BOYS_ORDERS; ++m) {
      double term = 1.0 / (2 * m + 1), sum = term;
      for (int i = 1; i < 200; ++i) {
        term *= 2.0 * T / (2 * m + 2 * i + 1);
        sum += term;
      }
      tab[k * BOYS_ORDERS + m] = std::exp(-T) * sum;
    }
  }
}

// The integrals go to V (3 per primitive pair: p_x, p_y, p_z).
void nuclear_ps_host(int np, int ns, const double* alpha_p, const double* alpha_s, const double* centers, int n_nuc,
                     const double* nuc, double* V) {
  std::vector<double> tab;
  build_boys_table(tab);
  cudaMemcpyToSymbol(c_boys, tab.data(), tab.size() * sizeof(double));
  double *d_ap, *d_as, *d_c, *d_n, *d_v;
  cudaMalloc(&d_ap, np * sizeof(double));
  cudaMalloc(&d_as, ns * sizeof(double));
  cudaMalloc(&d_c, 6 * sizeof(double));
  cudaMalloc(&d_n, 4 * n_nuc * sizeof(double));
  cudaMalloc(&d_v, 3 * np * ns * sizeof(double));
  cudaMemcpy(d_ap, alpha_p, np * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_as, alpha_s, ns * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_c, centers, 6 * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_n, nuc, 4 * n_nuc * sizeof(double), cudaMemcpyHostToDevice);
  nuclear_ps<<<1, 64>>>(np, ns, d_ap, d_as, d_c, n_nuc, d_n, d_v);
  cudaMemcpy(V, d_v, 3 * np * ns * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_ap);
  cudaFree(d_as);
  cudaFree(d_c);
  cudaFree(d_n);
  cudaFree(d_v);
}
