// cuad: --fn morse_forces --wrt pos,D,alpha,r0,force,energy
// cuad: fwd --fn morse_forces --wrt pos,D,alpha,force,energy
// Morse pair forces for a metal cluster in an orthorhombic periodic cell, single precision,
// written against a small user vector class (member operators, a converting multiply, a
// compound += returning *this, dot/norm members) rather than CUDA's float3. A full
// neighbour list in CSR form (nbr_start / nbr_idx, built with a skin by the host) is walked
// per atom, pairs past the cutoff are skipped, the minimum image uses rintf per component,
// and the per-atom energy is flushed into one float with atomicAdd. D, alpha and r0 are
// scalars shared by every thread.
#include <cuda_runtime.h>

struct Vec3 {
  float x, y, z;
  __host__ __device__ Vec3() : x(0.0f), y(0.0f), z(0.0f) {}
  __host__ __device__ Vec3(float x_, float y_, float z_) : x(x_), y(y_), z(z_) {}
  __host__ __device__ Vec3 operator-(const Vec3& o) const { return Vec3(x - o.x, y - o.y, z - o.z); }
  __host__ __device__ Vec3 operator+(const Vec3& o) const { return Vec3(x + o.x, y + o.y, z + o.z); }
  __host__ __device__ Vec3 operator*(float s) const { return Vec3(x * s, y * s, z * s); }
  __host__ __device__ Vec3& operator+=(const Vec3& o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
  __host__ __device__ float dot(const Vec3& o) const { return x * o.x + y * o.y + z * o.z; }
  __host__ __device__ float norm() const { return sqrtf(dot(*this)); }
};

__host__ __device__ inline Vec3 operator*(float s, const Vec3& v) { return v * s; }

__device__ __forceinline__ Vec3 load_vec(const float* __restrict__ p, int i) {
  return Vec3(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
}

__device__ Vec3 minimum_image(Vec3 d, const Vec3& cell) {
  d.x -= cell.x * rintf(d.x / cell.x);
  d.y -= cell.y * rintf(d.y / cell.y);
  d.z -= cell.z * rintf(d.z / cell.z);
  return d;
}

__global__ void morse_forces(int n, const float* __restrict__ pos, const int* __restrict__ nbr_start,
                             const int* __restrict__ nbr_idx, Vec3 cell, float D, float alpha,
                             float r0, float rcut, float* __restrict__ force,
                             float* __restrict__ energy) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Vec3 xi = load_vec(pos, i);
  Vec3 fi;
  float ei = 0.0f;
  for (int k = nbr_start[i]; k < nbr_start[i + 1]; ++k) {
    const int j = nbr_idx[k];
    const Vec3 d = minimum_image(xi - load_vec(pos, j), cell);
    const float r = d.norm();
    if (r > rcut) continue;
    const float ex = expf(-alpha * (r - r0));
    const float om = 1.0f - ex;
    ei += D * om * om;
    const float fmag = -2.0f * D * alpha * ex * om / r;  // -dU/dr / r
    fi += fmag * d;
  }
  force[3 * i] = fi.x;
  force[3 * i + 1] = fi.y;
  force[3 * i + 2] = fi.z;
  atomicAdd(energy, 0.5f * ei);
}
