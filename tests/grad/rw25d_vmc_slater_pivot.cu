// cuad: --fn qdot_local_energy --wrt walkers,alpha,jas_a,jas_b,out
// Variational Monte Carlo local energy of four same-spin electrons in a 3-D harmonic trap
// (a quantum dot) with a Slater-Jastrow wave function: Gaussian orbitals 1s, 2px, 2py, 2pz
// with their own exponents, the Slater matrix A_ij = phi_j(r_i) inverted in local arrays by
// Gauss-Jordan elimination with partial pivoting (row swaps), the determinant's gradient
// and Laplacian ratios from the inverse (grad_i D / D = sum_j grad phi_j(r_i) Ainv_ji), and a
// Pade-Jastrow u(r) = a r / (1 + b r) over all pairs. One thread per walker; the output is
// (E_L, ln|D| + J) per walker.
#include <cuda_runtime.h>
#include <math.h>

#define NE 4
#define OMEGA 1.0

__device__ void orbital(int j, const double* alpha, const double* r, double& val, double* grad, double& lap) {
  const double a = alpha[j];
  const double r2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
  const double g = exp(-a * r2);
  if (j == 0) {
    val = g;
    for (int k = 0; k < 3; ++k) grad[k] = -2.0 * a * r[k] * g;
    lap = (4.0 * a * a * r2 - 6.0 * a) * g;
  } else {
    const int ax = j - 1;
    val = r[ax] * g;
    for (int k = 0; k < 3; ++k) grad[k] = ((k == ax ? 1.0 : 0.0) - 2.0 * a * r[ax] * r[k]) * g;
    lap = r[ax] * (4.0 * a * a * r2 - 10.0 * a) * g;
  }
}

__global__ void qdot_local_energy(int n_walk, const double* __restrict__ walkers, const double* __restrict__ alpha,
                                  double jas_a, double jas_b, double* __restrict__ out) {
  const int w = blockIdx.x * blockDim.x + threadIdx.x;
  if (w >= n_walk) return;
  const double* R = walkers + 3 * NE * w;
  double M[NE][NE], Inv[NE][NE], dphi[NE][NE][3], lphi[NE][NE];
  for (int i = 0; i < NE; ++i)
    for (int j = 0; j < NE; ++j) {
      orbital(j, alpha, R + 3 * i, M[i][j], dphi[i][j], lphi[i][j]);
      Inv[i][j] = i == j ? 1.0 : 0.0;
    }
  double logdet = 0.0;
  for (int c = 0; c < NE; ++c) {
    int piv = c;
    double best = fabs(M[c][c]);
    for (int r = c + 1; r < NE; ++r)
      if (fabs(M[r][c]) > best) {
        best = fabs(M[r][c]);
        piv = r;
      }
    if (piv != c) {
      for (int k = 0; k < NE; ++k) {
        double t = M[c][k];
        M[c][k] = M[piv][k];
        M[piv][k] = t;
        t = Inv[c][k];
        Inv[c][k] = Inv[piv][k];
        Inv[piv][k] = t;
      }
    }
    const double d = M[c][c];
    logdet += log(fabs(d));
    for (int k = 0; k < NE; ++k) {
      M[c][k] /= d;
      Inv[c][k] /= d;
    }
    for (int r = 0; r < NE; ++r) {
      if (r == c) continue;
      const double f = M[r][c];
      for (int k = 0; k < NE; ++k) {
        M[r][k] -= f * M[c][k];
        Inv[r][k] -= f * Inv[c][k];
      }
    }
  }
  // Jastrow gradient and Laplacian per electron; Coulomb repulsion
  double gJ[NE][3], lJ[NE], jas = 0.0, vee = 0.0;
  for (int i = 0; i < NE; ++i) {
    lJ[i] = 0.0;
    for (int k = 0; k < 3; ++k) gJ[i][k] = 0.0;
  }
  for (int i = 0; i < NE; ++i)
    for (int j = i + 1; j < NE; ++j) {
      double d[3], r2 = 0.0;
      for (int k = 0; k < 3; ++k) {
        d[k] = R[3 * i + k] - R[3 * j + k];
        r2 += d[k] * d[k];
      }
      const double r = sqrt(r2), q = 1.0 + jas_b * r;
      const double up = jas_a / (q * q), upp = -2.0 * jas_a * jas_b / (q * q * q);
      jas += jas_a * r / q;
      vee += 1.0 / r;
      for (int k = 0; k < 3; ++k) {
        gJ[i][k] += up * d[k] / r;
        gJ[j][k] -= up * d[k] / r;
      }
      lJ[i] += upp + 2.0 * up / r;
      lJ[j] += upp + 2.0 * up / r;
    }
  double kin = 0.0, vext = 0.0;
  for (int i = 0; i < NE; ++i) {
    double gD[3] = {0.0, 0.0, 0.0}, lD = 0.0;
    for (int j = 0; j < NE; ++j) {
      for (int k = 0; k < 3; ++k) gD[k] += dphi[i][j][k] * Inv[j][i];
      lD += lphi[i][j] * Inv[j][i];
    }
    double gd2 = 0.0, g2 = 0.0, r2 = 0.0;
    for (int k = 0; k < 3; ++k) {
      gd2 += gD[k] * gD[k];
      g2 += (gD[k] + gJ[i][k]) * (gD[k] + gJ[i][k]);
      r2 += R[3 * i + k] * R[3 * i + k];
    }
    kin += -0.5 * (lD - gd2 + lJ[i] + g2);
    vext += 0.5 * OMEGA * OMEGA * r2;
  }
  out[2 * w] = kin + vext + vee;
  out[2 * w + 1] = logdet + jas;
}
