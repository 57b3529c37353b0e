// cuad: --fn advance
// cuad: fwd --fn advance
// Friend operators and functions defined inside structs (particles, complex numbers): found by
// argument-dependent lookup, they are functions of the enclosing namespace. One friend is
// only declared in the struct and defined after it; `friend struct` grants nothing to model.
namespace phys {
struct Vec3 {
  double x, y, z;
  friend __host__ __device__ Vec3 operator+(Vec3 a, Vec3 b) { return Vec3{a.x + b.x, a.y + b.y, a.z + b.z}; }
  friend __device__ Vec3 operator*(double s, Vec3 v) { return Vec3{s * v.x, s * v.y, s * v.z}; }
  friend __device__ double dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
  friend __device__ Vec3 operator-(Vec3 a, Vec3 b);
};
__device__ Vec3 operator-(Vec3 a, Vec3 b) { return Vec3{a.x - b.x, a.y - b.y, a.z - b.z}; }

struct Complex {
  double re, im;
  friend struct Vec3;
  friend __device__ Complex operator*(Complex a, Complex b) {
    return Complex{a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  }
  friend __device__ Complex operator+(Complex a, Complex b) { return Complex{a.re + b.re, a.im + b.im}; }
  friend __device__ double norm2(Complex a) { return a.re * a.re + a.im * a.im; }
};
}  // namespace phys

using phys::Complex;
using phys::Vec3;

__global__ void advance(const Vec3* pos, const Vec3* vel, const Complex* c, double dt, Vec3* out,
                        double* energy, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Vec3 center{0.1, -0.2, 0.3};
    Vec3 q = pos[i] + dt * vel[i];
    Vec3 d = q - center;
    out[i] = q + (0.5 * dt) * d;
    Complex z = c[i];
    Complex w = z * z + Complex{dot(d, vel[i]), dt};
    energy[i] = norm2(w) + 0.5 * dot(vel[i], vel[i]);
  }
}
