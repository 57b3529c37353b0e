// cuad: --fn overlap_md<2> --wrt expo,coef,centers,S
// cuad: fwd --fn overlap_md<2> --wrt expo,coef,centers,S
// Overlap integrals of Cartesian Gaussian shells up to d by the McMurchie-Davidson scheme,
// written with compile-time recursion instead of loops: the Hermite expansion coefficient
// E^{ij}_t is a function template on (i, j, t) that recurses through if constexpr (lowering
// i first, then j), all instances resolved at compile time; the shell's angular momentum is
// an enum class in the shell struct, static constexpr members give the component counts, the
// component exponents come from a fixed table inside a struct with a static member function,
// and a runtime dispatcher maps (la, lb) at run time to the matching template instance.
#include <cuda_runtime.h>
#include <math.h>

#define PI_D 3.14159265358979323846

enum class Am : int { S = 0, P = 1, D = 2 };

struct ShellRec {
  Am am;
  int prim0, nprim, center;
};

struct Cart {
  static constexpr int kMaxL = 2;
  __host__ __device__ static constexpr int count(int l) { return (l + 1) * (l + 2) / 2; }
  // exponent of axis `axis` in component `c` of angular momentum l (order xx, xy, xz, yy, yz, zz)
  __host__ __device__ static int expo_of(int l, int c, int axis) {
    if (l == 0) return 0;
    if (l == 1) return c == axis ? 1 : 0;
    const int tab[6][3] = {{2, 0, 0}, {1, 1, 0}, {1, 0, 1}, {0, 2, 0}, {0, 1, 1}, {0, 0, 2}};
    return tab[c][axis];
  }
};

// E^{ij}_t(Q) for one Cartesian direction; Q = A - B, a and b the exponents.
template <int i, int j, int t>
__device__ double hermite_E(double a, double b, double Q) {
  const double p = a + b, q = a * b / p;
  if constexpr (t < 0 || t > i + j) {
    return 0.0;
  } else if constexpr (i == 0 && j == 0 && t == 0) {
    return exp(-q * Q * Q);
  } else if constexpr (i > 0) {
    return 0.5 / p * hermite_E<i - 1, j, t - 1>(a, b, Q) - q * Q / a * hermite_E<i - 1, j, t>(a, b, Q) +
           (t + 1) * hermite_E<i - 1, j, t + 1>(a, b, Q);
  } else {
    return 0.5 / p * hermite_E<i, j - 1, t - 1>(a, b, Q) + q * Q / b * hermite_E<i, j - 1, t>(a, b, Q) +
           (t + 1) * hermite_E<i, j - 1, t + 1>(a, b, Q);
  }
}

// 1-D overlap factor E^{ij}_0 for runtime i, j <= 2.
__device__ double e0(int i, int j, double a, double b, double Q) {
  switch (3 * i + j) {
    case 0: return hermite_E<0, 0, 0>(a, b, Q);
    case 1: return hermite_E<0, 1, 0>(a, b, Q);
    case 2: return hermite_E<0, 2, 0>(a, b, Q);
    case 3: return hermite_E<1, 0, 0>(a, b, Q);
    case 4: return hermite_E<1, 1, 0>(a, b, Q);
    case 5: return hermite_E<1, 2, 0>(a, b, Q);
    case 6: return hermite_E<2, 0, 0>(a, b, Q);
    case 7: return hermite_E<2, 1, 0>(a, b, Q);
    default: return hermite_E<2, 2, 0>(a, b, Q);
  }
}

template <int LMAX>
__global__ void overlap_md(int n_shell, const ShellRec* __restrict__ shells, const int* __restrict__ ao_off,
                           const double* __restrict__ expo, const double* __restrict__ coef,
                           const double* __restrict__ centers, int n_ao, double* __restrict__ S) {
  static_assert(LMAX <= Cart::kMaxL, "table covers up to d");
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n_shell * n_shell) return;
  const ShellRec& A = shells[t / n_shell];
  const ShellRec& B = shells[t % n_shell];
  const int la = static_cast<int>(A.am), lb = static_cast<int>(B.am);
  const int oa = ao_off[t / n_shell], ob = ao_off[t % n_shell];
  for (int ca = 0; ca < Cart::count(la); ++ca)
    for (int cb = 0; cb < Cart::count(lb); ++cb) {
      double s = 0.0;
      for (int p = A.prim0; p < A.prim0 + A.nprim; ++p)
        for (int q = B.prim0; q < B.prim0 + B.nprim; ++q) {
          const double a = expo[p], b = expo[q];
          double v = coef[p] * coef[q] * pow(PI_D / (a + b), 1.5);
          for (int x = 0; x < 3; ++x) {
            const double Q = centers[3 * A.center + x] - centers[3 * B.center + x];
            v *= e0(Cart::expo_of(la, ca, x), Cart::expo_of(lb, cb, x), a, b, Q);
          }
          s += v;
        }
      S[(oa + ca) * n_ao + ob + cb] = s;
    }
}

template __global__ void overlap_md<2>(int, const ShellRec*, const int*, const double*, const double*, const double*,
                                       int, double*);
