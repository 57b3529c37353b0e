// cuad: --fn gto_values<double,2> --wrt expo,coef,centers,values
// cuad: --fn gto_values<float,1> --wrt expo,coef,centers,values
// cuad: fwd --fn gto_values<float,1> --wrt expo,coef,centers,values
// Values of normalised contracted Cartesian GTOs of one angular momentum on grid points,
// templated on the floating-point type and on L, as a library compiled for both precisions:
// the exponential picks expf or exp with if constexpr on std::is_same, constants go through
// a type alias and static_cast<Real>, the normalisation uses a constexpr double factorial
// loop, the Cartesian component count is a static constexpr member of a class template,
// the component exponents are unpacked from a constexpr table by a helper with a default
// argument, and a local array sized by the template holds each point's component values.
#include <cuda_runtime.h>
#include <math.h>
#include <type_traits>

using index_t = int;

__host__ __device__ constexpr double double_factorial(int n) {
  double r = 1.0;
  for (int k = n; k > 1; k -= 2) r *= k;
  return r;
}

template <int L>
struct CartShell {
  static constexpr int ncart = (L + 1) * (L + 2) / 2;
};

// exponents (lx, ly, lz) of component c of angular momentum L, in the order
// x^L, x^(L-1) y, x^(L-1) z, ..., z^L
__host__ __device__ inline void cart_powers(int L, int c, int& lx, int& ly, int& lz, int base = 0) {
  int k = base;
  for (int a = L; a >= 0; --a)
    for (int b = L - a; b >= 0; --b) {
      if (k == c) {
        lx = a;
        ly = b;
        lz = L - a - b;
      }
      ++k;
    }
}

template <typename Real>
__device__ inline Real gexp(Real x) {
  if constexpr (std::is_same<Real, float>::value) {
    return expf(x);
  } else {
    return exp(x);
  }
}

template <typename Real, int L>
__global__ void gto_values(index_t n_pts, const Real* __restrict__ pts, index_t n_prim, const Real* __restrict__ expo,
                           const Real* __restrict__ coef, const Real* __restrict__ centers, Real* __restrict__ values) {
  constexpr int NC = CartShell<L>::ncart;
  const index_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_pts) return;
  const Real dx = pts[3 * i] - centers[0], dy = pts[3 * i + 1] - centers[1], dz = pts[3 * i + 2] - centers[2];
  const Real r2 = dx * dx + dy * dy + dz * dz;
  const Real pi = static_cast<Real>(3.14159265358979323846);
  Real radial = static_cast<Real>(0);
  for (index_t p = 0; p < n_prim; ++p) {
    const Real a = expo[p];
    // (2a/pi)^(3/4) (4a)^(L/2) / sqrt((2L-1)!!)
    const Real norm = pow(static_cast<Real>(2) * a / pi, static_cast<Real>(0.75)) *
                      pow(static_cast<Real>(4) * a, static_cast<Real>(0.5 * L)) /
                      static_cast<Real>(sqrt(double_factorial(2 * L - 1)));
    radial += coef[p] * norm * gexp<Real>(-a * r2);
  }
  Real comp[NC];
#pragma unroll
  for (int c = 0; c < NC; ++c) {
    int lx, ly, lz;
    cart_powers(L, c, lx, ly, lz);
    Real ang = static_cast<Real>(1);
    for (int k = 0; k < lx; ++k) ang *= dx;
    for (int k = 0; k < ly; ++k) ang *= dy;
    for (int k = 0; k < lz; ++k) ang *= dz;
    comp[c] = ang * radial;
  }
  for (int c = 0; c < NC; ++c) values[i * NC + c] = comp[c];
}

template __global__ void gto_values<double, 2>(index_t, const double*, index_t, const double*, const double*,
                                               const double*, double*);
template __global__ void gto_values<float, 1>(index_t, const float*, index_t, const float*, const float*,
                                              const float*, float*);
