// cuad: --fn update_stress --wrt mesh
// cuad: fwd --fn update_stress
// A hyperelastic material update in the style of an explicit FEM/MPM code: the mesh is a
// struct-of-arrays view (several __restrict__ device pointers and a size) passed to the kernel
// by value, the material model of each element is an `enum class` read from an int array and
// dispatched with a `switch` (braced cases, a fall-through into `default`), the material
// constants live in a `__constant__` table filled with cudaMemcpyToSymbol, sizes and
// tolerances are `static constexpr` members of a traits struct and a `constexpr` function.
// The gradient's adjoint view is a MeshView whose pointers point to the adjoint buffers.
#include <cuda_runtime.h>

enum class Model : int { Linear = 0, NeoHookean = 1, Mooney = 2, Damage = 3 };

struct Traits {
  static constexpr int kComp = 3;
  static constexpr double kTiny = 1e-12;
  static constexpr int kModels = 4;
};

__host__ __device__ constexpr double third() { return 1.0 / 3.0; }

__constant__ double c_props[Traits::kModels][3];  // per model: mu, kappa, extra

struct MeshView {
  const double* __restrict__ strain;  // [n][3] principal strains
  const double* __restrict__ scale;   // [n] element volume
  const int* __restrict__ model;      // [n] Model
  double* __restrict__ stress;        // [n][3]
  double* __restrict__ energy;        // [n]
  int n;
};

__device__ __forceinline__ double first_invariant(const double (&lam)[Traits::kComp]) {
  double s = 0.0;
#pragma unroll
  for (int c = 0; c < Traits::kComp; ++c) s += lam[c] * lam[c];
  return s;
}

__global__ void update_stress(MeshView mesh) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= mesh.n) return;
  double lam[Traits::kComp];
#pragma unroll
  for (int c = 0; c < Traits::kComp; ++c) lam[c] = 1.0 + mesh.strain[Traits::kComp * e + c];
  const double J = lam[0] * lam[1] * lam[2];
  const double I1 = first_invariant(lam);
  const int id = mesh.model[e];
  const double* p = c_props[id];
  double s[Traits::kComp];
  double W = 0.0;
  switch (static_cast<Model>(id)) {
    case Model::Linear:
      for (int c = 0; c < Traits::kComp; ++c) s[c] = 2.0 * p[0] * (lam[c] - 1.0) + p[1] * (J - 1.0);
      W = p[0] * (I1 - 2.0 * (lam[0] + lam[1] + lam[2]) + 3.0) + 0.5 * p[1] * (J - 1.0) * (J - 1.0);
      break;
    case Model::NeoHookean: {
      const double lnJ = log(fmax(J, Traits::kTiny));
      for (int c = 0; c < Traits::kComp; ++c)
        s[c] = (p[0] * (lam[c] * lam[c] - 1.0) + p[1] * lnJ) / J;
      W = 0.5 * p[0] * (I1 - 3.0) - p[0] * lnJ + 0.5 * p[1] * lnJ * lnJ;
      break;
    }
    case Model::Mooney: {
      const double Jm = pow(J, -2.0 * third());
      const double I1b = Jm * I1;
      for (int c = 0; c < Traits::kComp; ++c)
        s[c] = p[0] * Jm * (lam[c] * lam[c] - third() * I1) / J + p[1] * (J - 1.0);
      W = 0.5 * p[0] * (I1b - 3.0) + p[2] * (I1b - 3.0) * (I1b - 3.0) + 0.5 * p[1] * (J - 1.0) * (J - 1.0);
      break;
    }
    case Model::Damage:
      // damage softening: fall through to the default model with a degraded modulus
    default: {
      const double d = 1.0 - exp(-p[2] * (I1 - 3.0) * (I1 - 3.0));
      const double mu = (1.0 - 0.5 * d) * p[0];
      for (int c = 0; c < Traits::kComp; ++c) s[c] = mu * (lam[c] - 1.0 / lam[c]) + p[1] * (J - 1.0);
      W = 0.5 * mu * (I1 - 3.0) + 0.5 * p[1] * (J - 1.0) * (J - 1.0);
      break;
    }
  }
  const double vol = mesh.scale[e];
#pragma unroll
  for (int c = 0; c < Traits::kComp; ++c) mesh.stress[Traits::kComp * e + c] = vol * s[c];
  mesh.energy[e] = vol * W;
}
