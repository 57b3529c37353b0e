// cuad: --fn integrate --wrt x0,v0,mass,k,xout
// cuad: fwd --fn integrate --wrt x0,v0,mass,k,xout
// A particle integrator written with small C++ types: Vec3 with constructors, `friend`
// operators defined inside the struct and a compound `+=` through `this->` returning *this;
// a Particle struct with two Vec3 members, a default member initializer, and non-const
// member functions (kick, drift) that update its fields in place. The kernel runs
// velocity-Verlet steps for a data-dependent number of steps per particle (a field of an
// int array), in an anharmonic trap whose force comes from a free helper; each step
// overwrites the particle's state (the reverse pass needs the old values).
#include <cuda_runtime.h>

struct Vec3 {
  double x, y, z;
  __device__ Vec3() : x(0.0), y(0.0), z(0.0) {}
  __device__ Vec3(double a, double b, double c) : x(a), y(b), z(c) {}
  friend __device__ Vec3 operator*(double s, const Vec3& v) { return Vec3(s * v.x, s * v.y, s * v.z); }
  friend __device__ Vec3 operator+(const Vec3& a, const Vec3& b) { return Vec3(a.x + b.x, a.y + b.y, a.z + b.z); }
  __device__ Vec3& operator+=(const Vec3& o) {
    this->x += o.x;
    this->y += o.y;
    this->z += o.z;
    return *this;
  }
  __device__ double norm2() const { return x * x + y * y + z * z; }
};

struct Particle {
  Vec3 x, v;
  double mass = 1.0;
  __device__ void kick(const Vec3& f, double dt) { v += (dt / mass) * f; }
  __device__ void drift(double dt) { x += dt * v; }
};

__device__ Vec3 trap_force(const Vec3& p, double k) {
  const double r2 = p.norm2();
  return (-k * (1.0 + 0.1 * r2)) * p + Vec3(0.0, 0.0, -0.05 * p.z * p.z);
}

__global__ void integrate(const double* __restrict__ x0, const double* __restrict__ v0,
                          const double* __restrict__ mass, const int* __restrict__ steps, double k,
                          double dt, double* __restrict__ xout, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Particle p;
  p.x = Vec3(x0[3 * i], x0[3 * i + 1], x0[3 * i + 2]);
  p.v = Vec3(v0[3 * i], v0[3 * i + 1], v0[3 * i + 2]);
  p.mass = mass[i];
  for (int s = 0; s < steps[i]; ++s) {
    p.kick(trap_force(p.x, k), 0.5 * dt);
    p.drift(dt);
    p.kick(trap_force(p.x, k), 0.5 * dt);
  }
  xout[3 * i] = p.x.x;
  xout[3 * i + 1] = p.x.y;
  xout[3 * i + 2] = p.x.z + 0.1 * p.v.z;
}
