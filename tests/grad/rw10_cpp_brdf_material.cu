// cuad: --fn shade --wrt mats,normals,radiance,out
// A renderer's shading kernel: an enum class selecting the BRDF, a Material struct with
// constructors and a __device__ eval() method switching on the enum, __forceinline__ helpers
// with default arguments, fmaxf/std::pow/std::exp on float, `using` aliases, auto locals,
// and an array of materials (structs with an enum field) differentiated per field.
#include <cmath>
#include <algorithm>

using real = float;
enum class BrdfKind : int { Lambert = 0, Phong = 1, Ward = 2 };

struct Dir {
  real x, y, z;
};

__device__ __forceinline__ real dot3(const Dir& a, const Dir& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ __forceinline__ real saturate_pos(real v, real eps = 1e-4f) { return fmaxf(v, eps); }

struct Material {
  BrdfKind kind;
  real albedo;
  real spec;
  real rough;
  __device__ real eval(const Dir& n, const Dir& l, const Dir& v) const {
    const real nl = saturate_pos(dot3(n, l));
    constexpr real inv_pi = 0.318309886f;
    switch (kind) {
      case BrdfKind::Lambert:
        return albedo * inv_pi * nl;
      case BrdfKind::Phong: {
        const Dir r{2.f * nl * n.x - l.x, 2.f * nl * n.y - l.y, 2.f * nl * n.z - l.z};
        const auto rv = saturate_pos(dot3(r, v), 0.01f);
        return (albedo * inv_pi + spec * std::pow(rv, 1.f / rough)) * nl;
      }
      case BrdfKind::Ward:
      default: {
        const Dir h{l.x + v.x, l.y + v.y, l.z + v.z};
        const real hn = dot3(h, n) * dot3(h, n) / dot3(h, h);
        const real tan2 = (1.f - hn) / hn;
        const real a2 = rough * rough;
        return albedo * inv_pi * nl + spec * std::exp(-tan2 / a2) / (4.f * 3.14159265f * a2) * nl;
      }
    }
  }
};

__global__ void shade(const Material* mats, const int* mat_id, const real* normals, Dir light, Dir view,
                      const real* radiance, real* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Dir nrm{normals[3 * i], normals[3 * i + 1], normals[3 * i + 2]};
  const real inv = 1.f / std::sqrt(dot3(nrm, nrm));
  nrm = Dir{nrm.x * inv, nrm.y * inv, nrm.z * inv};
  const Material& m = mats[mat_id[i]];
  out[i] = radiance[i] * m.eval(nrm, light, view);
}
