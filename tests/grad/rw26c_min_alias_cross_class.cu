// cuad: --fn k --wrt x,out
// cuad: --fn k_vec --wrt x,out
// Minimal repro: two unrelated structs declare a member type alias of the same name
// (`using Real = double;` in ArmA, `using Real = float;` in ArmB; `using Vec = V2;` / `using
// Vec = V3;`), and a kernel keeps a method's result in an `auto` local. cuad resolves the
// alias in the other class: output 1 declares `float r;` in the gradient for ArmA's double
// result (silently rounding the recomputed value and its adjoint to float: the adjoint of
// (r - 1000)^2 is off by ~1e-4 relative), output 2 declares `V3 p;` for ArmA's V2 (g++: no
// match for operator= between V3 and V2).
struct ArmA {
  using Real = double;
  Real len;
  __device__ Real reach(Real q) const { return len * cos(q) + len; }
};

struct ArmB {
  using Real = float;
  Real len;
  __device__ Real reach(Real q) const { return len * cosf(q); }
};

struct V2 {
  double x, y;
};
struct V3 {
  double x, y, z;
};

struct LegA {
  using Vec = V2;
  double len;
  __device__ Vec tip(double q) const { return Vec{len * cos(q), len * sin(q)}; }
};

struct LegB {
  using Vec = V3;
  double len;
  __device__ Vec tip(double q) const { return Vec{len * cos(q), len * sin(q), len * q}; }
};

__global__ void k(int n, const double* __restrict__ x, double* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  ArmA a{x[2 * i]};
  const auto r = a.reach(x[2 * i + 1]);
  out[i] = (r - 1000.0) * (r - 1000.0);
}

__global__ void k_vec(int n, const double* __restrict__ x, double* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  LegA a{x[2 * i]};
  const auto p = a.tip(x[2 * i + 1]);
  out[i] = p.x * p.y;
}
