// cuad: --fn ray_sphere<double> --wrt origin,dir,center,radius,t_out
// cuad: fwd --fn ray_sphere<float> --wrt origin,dir,center,radius,t_out
// Written for cuad in the style of a small header-only ray tracer: a `gfx::Vec3<T>` class
// template with constexpr member operators returning braced temporaries, free `dot` /
// `normalize` function templates using `std::sqrt`, a `Hit<T>` result unpacked with a
// structured binding (`const auto [hit, t] = ...`), `using Vec = gfx::Vec3<T>;` in a kernel
// template over the scalar type with a `static_assert`, and a constexpr "no hit" distance.
// Each ray (direction normalized in the kernel) keeps the nearest positive hit over all
// spheres; sphere centers and radii are shared by every ray.
#include <cmath>
#include <type_traits>

namespace gfx {

template <typename T>
struct Vec3 {
  T x, y, z;
  __host__ __device__ constexpr Vec3 operator+(const Vec3& o) const { return {x + o.x, y + o.y, z + o.z}; }
  __host__ __device__ constexpr Vec3 operator-(const Vec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
  __host__ __device__ constexpr Vec3 operator*(T s) const { return {x * s, y * s, z * s}; }
};

template <typename T>
__host__ __device__ constexpr T dot(const Vec3<T>& a, const Vec3<T>& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

template <typename T>
__host__ __device__ inline Vec3<T> normalize(const Vec3<T>& v) {
  return v * (T(1) / std::sqrt(dot(v, v)));
}

template <typename T>
struct Hit {
  bool hit;
  T t;
};

template <typename T>
inline constexpr T kNoHit = T(1000);

// Nearest intersection of the ray o + t d (|d| = 1) with the sphere (c, r).
template <typename T>
__device__ __forceinline__ Hit<T> intersect(const Vec3<T>& o, const Vec3<T>& d, const Vec3<T>& c,
                                            T r) {
  const auto oc = o - c;
  const T b = dot(oc, d);
  const T cc = dot(oc, oc) - r * r;
  const T disc = b * b - cc;
  if (disc < T(0)) return {false, T(0)};
  return {true, -b - std::sqrt(disc)};
}

template <typename T>
__device__ __forceinline__ Vec3<T> load3(const T* p, int i) {
  return {p[3 * i], p[3 * i + 1], p[3 * i + 2]};
}

}  // namespace gfx

template <typename T>
__global__ void ray_sphere(const T* __restrict__ origin, const T* __restrict__ dir,
                           const T* __restrict__ center, const T* __restrict__ radius,
                           T* __restrict__ t_out, int n_rays, int n_spheres) {
  static_assert(std::is_floating_point<T>::value, "real scalars only");
  using Vec = gfx::Vec3<T>;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_rays) return;
  const Vec o = gfx::load3(origin, i);
  const Vec d = gfx::normalize(gfx::load3(dir, i));
  T best = gfx::kNoHit<T>;
  for (int s = 0; s < n_spheres; ++s) {
    const auto [hit, t] = gfx::intersect(o, d, gfx::load3(center, s), radius[s]);
    if (hit && t > T(0) && t < best) best = t;
  }
  t_out[i] = best;
}
