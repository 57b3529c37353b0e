// cuad: --fn spring_energy --wrt e,p,k
// A small vector class as real code writes it: constructors with member initializer lists, const
// member operators returning new objects, operator+= returning *this, a dot method; per-thread
// accumulation in a default-constructed object.
struct Vec3 {
  float x, y, z;
  __host__ __device__ Vec3() : x(0), y(0), z(0) {}
  __host__ __device__ Vec3(float a, float b, float c) : x(a), y(b), z(c) {}
  __host__ __device__ Vec3 operator+(const Vec3& o) const { return Vec3(x + o.x, y + o.y, z + o.z); }
  __host__ __device__ Vec3 operator-(const Vec3& o) const { return Vec3(x - o.x, y - o.y, z - o.z); }
  __host__ __device__ Vec3 operator*(float s) const { return Vec3(x * s, y * s, z * s); }
  __host__ __device__ Vec3& operator+=(const Vec3& o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
  __host__ __device__ float dot(const Vec3& o) const { return x * o.x + y * o.y + z * o.z; }
};

__global__ void spring_energy(float* e, const float* p, float k, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Vec3 a(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
  Vec3 acc;
  for (int j = 1; j <= 3; ++j) {
    const int nb = (i + j) % n;
    const Vec3 d = Vec3(p[3 * nb], p[3 * nb + 1], p[3 * nb + 2]) - a;
    acc += d * (k / j);
  }
  e[i] = 0.5f * acc.dot(acc + Vec3(1.0f, 0.0f, 0.0f));
}
