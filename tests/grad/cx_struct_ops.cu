// cuad: --fn vops --wrt out,a,b,s
// A user vector struct with member and free operator overloads (+, -, *, /, +=, -=, *=, unary -,
// ==, !=), const member functions, and a struct-returning free function.
struct Vec3 {
  double x, y, z;
  __device__ Vec3 operator+(const Vec3& o) const { return {x + o.x, y + o.y, z + o.z}; }
  __device__ Vec3 operator-(const Vec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
  __device__ Vec3 operator-() const { return {-x, -y, -z}; }
  __device__ Vec3 operator*(double s) const { return {x * s, y * s, z * s}; }
  __device__ Vec3 operator/(double s) const { return {x / s, y / s, z / s}; }
  __device__ Vec3& operator+=(const Vec3& o) {
    x += o.x; y += o.y; z += o.z;
    return *this;
  }
  __device__ Vec3& operator-=(const Vec3& o) {
    x -= o.x; y -= o.y; z -= o.z;
    return *this;
  }
  __device__ Vec3& operator*=(double s) {
    x *= s; y *= s; z *= s;
    return *this;
  }
  __device__ bool operator==(const Vec3& o) const { return x == o.x && y == o.y && z == o.z; }
  __device__ bool operator!=(const Vec3& o) const { return !(*this == o); }
  __device__ double dot(const Vec3& o) const { return x * o.x + y * o.y + z * o.z; }
  __device__ double norm() const { return sqrt(dot(*this)); }
};

__device__ Vec3 operator*(double s, const Vec3& v) { return v * s; }
__device__ Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

__global__ void vops(Vec3* out, const Vec3* a, const Vec3* b, double s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Vec3 u = a[i], v = b[i];
    Vec3 w = (u + v) * s - (-v) / 2.0;
    w += cross(u, v);
    w -= 0.5 * u;
    w *= 1.0 + s;
    if (w == u) w = v;            // never taken for generic inputs
    if (u != v) w += u * w.norm();
    out[i] = w / (1.0 + u.dot(v) * u.dot(v));
  }
}
