// cuad: --fn angle_ub_energy
// cuad: --fn angle_forces<float> --wrt pos,prm,force,energy
// cuad: fwd --fn angle_forces<float> --wrt pos,prm,force,energy
// CHARMM-style angle bending with a Urey-Bradley 1-3 term, written against a small templated
// vector class (Vec3<T> with member and free operators). The angle is acos of the clamped
// cosine (fmin/fmax against rounding), the harmonic bend k (theta - theta0)^2 plus the 1-3
// spring kub (r13 - s0)^2. A __host__ __device__ helper returns the energy of one angle (also
// used by the host-side analysis code). The kernel walks the angle list (int4: i, j, k,
// type), looks up per-type parameters in an array of structs, computes analytic forces on
// the three atoms (scattered with atomicAdd) and splits the energy per atom (one third each).
#include <cuda_runtime.h>
#include <math.h>

template <typename T>
struct Vec3 {
  T x, y, z;
  __host__ __device__ Vec3() : x(0), y(0), z(0) {}
  __host__ __device__ Vec3(T a, T b, T c) : x(a), y(b), z(c) {}
  __host__ __device__ Vec3 operator-(const Vec3& o) const { return Vec3(x - o.x, y - o.y, z - o.z); }
  __host__ __device__ Vec3 operator*(T s) const { return Vec3(x * s, y * s, z * s); }
  __host__ __device__ T norm2() const { return x * x + y * y + z * z; }
};

template <typename T>
__host__ __device__ inline T dot(const Vec3<T>& a, const Vec3<T>& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

template <typename T>
__host__ __device__ inline Vec3<T> operator+(const Vec3<T>& a, const Vec3<T>& b) {
  return Vec3<T>(a.x + b.x, a.y + b.y, a.z + b.z);
}

struct AngleParam {
  float k_theta, theta0, k_ub, s0;
};

__host__ __device__ float angle_ub_energy(Vec3<float> a, Vec3<float> b, Vec3<float> c, AngleParam p) {
  const Vec3<float> u = a - b, v = c - b;
  float cs = dot(u, v) / sqrtf(u.norm2() * v.norm2());
  cs = fminf(fmaxf(cs, -1.0f), 1.0f);
  const float dth = acosf(cs) - p.theta0;
  const float r13 = sqrtf((c - a).norm2());
  const float dub = r13 - p.s0;
  return p.k_theta * dth * dth + p.k_ub * dub * dub;
}

template <typename T>
__device__ void scatter(Vec3<T>* f, int i, const Vec3<T>& v) {
  atomicAdd(&f[i].x, v.x);
  atomicAdd(&f[i].y, v.y);
  atomicAdd(&f[i].z, v.z);
}

template <typename T>
__global__ void angle_forces(int nang, const int4* __restrict__ angles, const Vec3<T>* __restrict__ pos,
                             const AngleParam* __restrict__ prm, Vec3<T>* __restrict__ force,
                             T* __restrict__ energy) {
  for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < nang; t += gridDim.x * blockDim.x) {
    const int4 an = angles[t];
    const AngleParam p = prm[an.w];
    const Vec3<T> a = pos[an.x], b = pos[an.y], c = pos[an.z];
    const Vec3<T> u = a - b, v = c - b;
    const T lu = sqrt(u.norm2()), lv = sqrt(v.norm2());
    T cs = dot(u, v) / (lu * lv);
    cs = fmin(fmax(cs, T(-1)), T(1));
    const T theta = acos(cs);
    const T sn = fmax(sqrt(T(1) - cs * cs), T(1e-4));
    // dE/dcos through dtheta/dcos = -1/sin(theta)
    const T dEdc = -T(2) * p.k_theta * (theta - p.theta0) / sn;
    const Vec3<T> dca = (v * (T(1) / (lu * lv)) - u * (cs / (lu * lu)));
    const Vec3<T> dcc = (u * (T(1) / (lu * lv)) - v * (cs / (lv * lv)));
    const Vec3<T> fa_bend = dca * (-dEdc), fc_bend = dcc * (-dEdc);
    // Urey-Bradley spring between the outer atoms
    const Vec3<T> d13 = c - a;
    const T r13 = sqrt(d13.norm2());
    const T fub = -T(2) * p.k_ub * (r13 - p.s0) / r13;  // force on c along d13
    const Vec3<T> fc = fc_bend + d13 * fub;
    const Vec3<T> fa = fa_bend + d13 * (-fub);
    const Vec3<T> fb = (fa + fc) * T(-1);
    scatter(force, an.x, fa);
    scatter(force, an.y, fb);
    scatter(force, an.z, fc);
    const T e = p.k_theta * (theta - p.theta0) * (theta - p.theta0) + p.k_ub * (r13 - p.s0) * (r13 - p.s0);
    atomicAdd(&energy[an.x], e / T(3));
    atomicAdd(&energy[an.y], e / T(3));
    atomicAdd(&energy[an.z], e / T(3));
  }
}

template __global__ void angle_forces<float>(int, const int4*, const Vec3<float>*, const AngleParam*, Vec3<float>*, float*);
