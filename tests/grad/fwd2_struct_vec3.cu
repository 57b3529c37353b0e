// cuad: fwd --fn forces
// N-body forces with a Vec3 struct: methods (dot, norm2), operators (+, -, * scalar, +=),
// a constructor, rsqrt and a loop that skips the self-interaction with continue.
struct Vec3 {
  double x, y, z;
  __host__ __device__ Vec3() : x(0), y(0), z(0) {}
  __host__ __device__ Vec3(double a, double b, double c) : x(a), y(b), z(c) {}
  __host__ __device__ double dot(const Vec3& o) const { return x * o.x + y * o.y + z * o.z; }
  __host__ __device__ double norm2() const { return dot(*this); }
  __host__ __device__ Vec3 operator-(const Vec3& o) const { return Vec3(x - o.x, y - o.y, z - o.z); }
  __host__ __device__ Vec3 operator+(const Vec3& o) const { return Vec3(x + o.x, y + o.y, z + o.z); }
  __host__ __device__ Vec3 operator*(double s) const { return Vec3(x * s, y * s, z * s); }
  __host__ __device__ Vec3& operator+=(const Vec3& o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
};
__global__ void forces(int n, const double* pos, const double* mass, double soft, double* f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Vec3 pi(pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]);
  Vec3 acc;
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    Vec3 pj(pos[3 * j], pos[3 * j + 1], pos[3 * j + 2]);
    Vec3 d = pj - pi;
    double r2 = d.norm2() + soft * soft;
    double inv = rsqrt(r2);
    acc += d * (mass[j] * inv * inv * inv);
  }
  f[3 * i] = acc.x;
  f[3 * i + 1] = acc.y;
  f[3 * i + 2] = acc.z;
}
