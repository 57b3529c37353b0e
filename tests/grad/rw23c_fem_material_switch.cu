// cuad: --fn fem::element_energy --wrt F,mats,energy
// cuad: --fn fem::strain_energy_density
// cuad: fwd --fn fem::strain_energy_density
// A 2-D finite-element code's hyperelastic energy: materials are a struct holding an
// `enum class` model tag, a nested struct of Lame parameters and a model-specific constant;
// deformation gradients live in a struct whose field is a fixed 2x2 array. The energy density
// is a __device__ function that switches on the model (block-scoped cases, an early return
// for inverted elements, a fallback return after the switch) and calls static helpers that
// take the struct by const reference and write a local 2x2 array through an array reference.
// A macro gives the trace. Output 1 differentiates the element kernel, output 2 the density
// on its own (the user's kernel calls the gradient per element), output 3 its pushforward.
#include <cuda_runtime.h>

#define TR2(A) ((A)[0][0] + (A)[1][1])

namespace fem {

enum class Model : int { Linear = 0, StVK = 1, NeoHookean = 2, Fung = 3 };

struct Lame {
  double mu, lambda;
};

struct Material {
  Model model;
  Lame lame;
  double fung_c;  // exponential stiffening of the Fung model
};

struct Def2 {
  double F[2][2];
};

static __device__ double det2(const Def2& d) { return d.F[0][0] * d.F[1][1] - d.F[0][1] * d.F[1][0]; }

static __device__ void green_strain(const Def2& d, double (&E)[2][2]) {
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) {
      double s = 0.0;
      for (int k = 0; k < 2; ++k) s += d.F[k][i] * d.F[k][j];
      E[i][j] = 0.5 * (s - (i == j ? 1.0 : 0.0));
    }
}

static __device__ double contract(const double (&A)[2][2], const double (&B)[2][2]) {
  double s = 0.0;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) s += A[i][j] * B[i][j];
  return s;
}

__device__ double strain_energy_density(const Def2& d, const Material& m) {
  const double mu = m.lame.mu, la = m.lame.lambda;
  switch (m.model) {
    case Model::Linear: {
      double eps[2][2];
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) eps[i][j] = 0.5 * (d.F[i][j] + d.F[j][i]) - (i == j ? 1.0 : 0.0);
      const double tr = TR2(eps);
      return mu * contract(eps, eps) + 0.5 * la * tr * tr;
    }
    case Model::StVK: {
      double E[2][2];
      green_strain(d, E);
      const double tr = TR2(E);
      return mu * contract(E, E) + 0.5 * la * tr * tr;
    }
    case Model::NeoHookean: {
      const double J = det2(d);
      if (J <= 0.0) return 1.0e3 * mu;  // inverted element: a flat penalty
      const double logJ = log(J);
      double I1 = 0.0;
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) I1 += d.F[i][j] * d.F[i][j];
      return 0.5 * mu * (I1 - 2.0) - mu * logJ + 0.5 * la * logJ * logJ;
    }
    case Model::Fung: {
      double E[2][2];
      green_strain(d, E);
      const double q = m.fung_c * contract(E, E);
      return 0.5 * mu / m.fung_c * (exp(q) - 1.0);
    }
  }
  return 0.0;
}

__global__ void element_energy(const double* __restrict__ F, const int* __restrict__ mat_id,
                               const Material* __restrict__ mats, const double* __restrict__ area,
                               double* __restrict__ energy, int n) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n) return;
  Def2 d;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) d.F[i][j] = F[4 * e + 2 * i + j];
  const Material& m = mats[mat_id[e]];
  energy[e] = area[e] * strain_energy_density(d, m);
}

}  // namespace fem
