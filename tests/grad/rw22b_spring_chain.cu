// cuad: --fn spring_forces<double,2> --wrt x,rest,stiff,mass,f
// cuad: fwd --fn spring_forces<double,3> --wrt x,rest,stiff,mass,f
// Written for cuad in the style of cloth / mass-spring solvers templated on the dimension: a
// `VecN<T, DIM>` class template with a member array, const and non-const `operator[]`,
// `operator-` as a free function template, a `norm` that sums with a range-based for over
// the member array (`for (const T& c : a.c)`), a value-initialized accumulator
// (`Vec acc{};`), a `[&]` lambda adding one spring's Hooke force into it, a `constexpr`
// function template for gravity, `static_assert` on DIM and `if constexpr` picking the
// vertical axis. Node i of a chain is pulled by springs i-1 (to node i-1) and i (to i+1).
#include <cmath>

template <typename T, int DIM>
struct VecN {
  T c[DIM];
  __device__ T& operator[](int i) { return c[i]; }
  __device__ const T& operator[](int i) const { return c[i]; }
};

template <typename T, int DIM>
__device__ VecN<T, DIM> operator-(const VecN<T, DIM>& a, const VecN<T, DIM>& b) {
  VecN<T, DIM> r;
#pragma unroll
  for (int d = 0; d < DIM; ++d) r[d] = a[d] - b[d];
  return r;
}

template <typename T, int DIM>
__device__ T norm(const VecN<T, DIM>& a) {
  T s = T(0);
  for (const T& c : a.c) s += c * c;
  return std::sqrt(s);
}

template <typename T, int DIM>
__device__ __forceinline__ VecN<T, DIM> load(const T* x, int i) {
  VecN<T, DIM> r;
#pragma unroll
  for (int d = 0; d < DIM; ++d) r[d] = x[DIM * i + d];
  return r;
}

template <typename T>
__host__ __device__ constexpr T gravity() {
  return T(-9.81);
}

template <typename T, int DIM>
__global__ void spring_forces(const T* __restrict__ x, const T* __restrict__ rest,
                              const T* __restrict__ stiff, T mass, T* __restrict__ f, int n) {
  static_assert(DIM == 2 || DIM == 3, "planar or spatial chains");
  using Vec = VecN<T, DIM>;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Vec xi = load<T, DIM>(x, i);
  Vec acc{};
  auto add_spring = [&](int j, int s) {
    const Vec d = load<T, DIM>(x, j) - xi;
    const T len = norm(d);
    const T mag = stiff[s] * (len - rest[s]) / len;
#pragma unroll
    for (int a = 0; a < DIM; ++a) acc[a] += mag * d[a];
  };
  if (i > 0) add_spring(i - 1, i - 1);
  if (i + 1 < n) add_spring(i + 1, i);
  constexpr int up = DIM - 1;
  if constexpr (DIM == 3) acc[up] += mass * gravity<T>();
  else acc[up] += T(0.5) * mass * gravity<T>();  // a planar chain on a slope
#pragma unroll
  for (int a = 0; a < DIM; ++a) f[DIM * i + a] = acc[a];
}
