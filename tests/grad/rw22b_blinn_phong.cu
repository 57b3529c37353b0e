// cuad: --fn shade --wrt normals,albedo,light_dirs,shininess,rgb
// cuad: fwd --fn shade --wrt normals,albedo,light_dirs,shininess,rgb
// Written for cuad in the style of a deferred-shading pass: per-pixel normals and albedo
// from a G-buffer, a few directional lights, Lambert diffuse plus Blinn-Phong specular with
// a learnable shininess. Modern C++: float3 operators and `normalize` (std::sqrt) in a
// nested namespace `shading::math`, a local array of `Light` structs filled under
// `#pragma unroll`, a function template taking the array by reference with its length
// deduced (`const Light (&ls)[N]`) and a functor `F&& f` it calls for every light in a
// range-based for, the per-light term as a `[&]` lambda returning float3, `std::pow` and
// `std::fmax` on floats, and a `constexpr` ambient term.
#include <cmath>

namespace shading {
namespace math {

__device__ __forceinline__ float3 operator+(const float3& a, const float3& b) {
  return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
__device__ __forceinline__ float3 operator*(const float3& a, const float3& b) {
  return make_float3(a.x * b.x, a.y * b.y, a.z * b.z);
}
__device__ __forceinline__ float3 operator*(float s, const float3& a) {
  return make_float3(s * a.x, s * a.y, s * a.z);
}
__device__ __forceinline__ float dot(const float3& a, const float3& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
__device__ __forceinline__ float3 normalize(const float3& v) {
  return (1.0f / std::sqrt(dot(v, v))) * v;
}

}  // namespace math

struct Light {
  float3 dir;
  float3 color;
};

template <int N, typename F>
__device__ float3 sum_lights(const Light (&ls)[N], F&& f) {
  using math::operator+;
  float3 acc = make_float3(0.0f, 0.0f, 0.0f);
  for (const Light& l : ls) acc = acc + f(l);
  return acc;
}

constexpr int kLights = 3;
constexpr float kAmbient = 0.05f;

}  // namespace shading

__global__ void shade(const float* __restrict__ normals, const float* __restrict__ albedo,
                      const float* __restrict__ light_dirs, const float* __restrict__ light_rgb,
                      float shininess, float* __restrict__ rgb, int n_pix) {
  using namespace shading;
  using namespace shading::math;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_pix) return;
  Light lights[kLights];
#pragma unroll
  for (int k = 0; k < kLights; ++k) {
    lights[k].dir = normalize(
        make_float3(light_dirs[3 * k], light_dirs[3 * k + 1], light_dirs[3 * k + 2]));
    lights[k].color = make_float3(light_rgb[3 * k], light_rgb[3 * k + 1], light_rgb[3 * k + 2]);
  }
  const float3 n =
      normalize(make_float3(normals[3 * i], normals[3 * i + 1], normals[3 * i + 2]));
  const float3 kd = make_float3(albedo[3 * i], albedo[3 * i + 1], albedo[3 * i + 2]);
  const float3 view = make_float3(0.0f, 0.0f, 1.0f);
  auto term = [&](const Light& l) -> float3 {
    const float3 h = normalize(l.dir + view);
    const float diff = std::fmax(dot(n, l.dir), 0.0f);
    const float spec = std::pow(std::fmax(dot(n, h), 0.0f), shininess);
    return (diff * l.color) * kd + spec * l.color;
  };
  const float3 c = sum_lights(lights, term) + kAmbient * kd;
  rgb[3 * i] = c.x;
  rgb[3 * i + 1] = c.y;
  rgb[3 * i + 2] = c.z;
}
