// Kernels next to C++ that a CUDA differentiator does not have to model: a class
// template with operator overloads, std::vector and std::sort in host code, a functor, and
// Thrust calls. Only the plain kernels are differentiation targets.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>

template <typename T>
class Vec2 {
public:
  __host__ __device__ Vec2() : x(0), y(0) {}
  __host__ __device__ Vec2(T x_, T y_) : x(x_), y(y_) {}
  __host__ __device__ Vec2 operator+(const Vec2 &o) const { return Vec2(x + o.x, y + o.y); }
  __host__ __device__ Vec2 operator*(T s) const { return Vec2(x * s, y * s); }
  __host__ __device__ Vec2 &operator+=(const Vec2 &o) {
    x += o.x;
    y += o.y;
    return *this;
  }
  __host__ __device__ T norm2() const { return x * x + y * y; }
  T x, y;
};

template <typename T>
__host__ __device__ bool operator<(const Vec2<T> &a, const Vec2<T> &b) {
  return a.norm2() < b.norm2();
}

struct Square {
  __host__ __device__ float operator()(float v) const { return v * v; }
};

__global__ void advect(float *px, float *py, const float *vx, const float *vy, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    px[i] += dt * vx[i];
    py[i] += dt * vy[i];
  }
}

__global__ void energy(const float *vx, const float *vy, float *e, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    e[i] = 0.5f * (vx[i] * vx[i] + vy[i] * vy[i]);
}

std::vector<Vec2<double>> sorted_by_length(const std::vector<Vec2<double>> &in) {
  std::vector<Vec2<double>> out(in);
  std::sort(out.begin(), out.end());
  return out;
}

double median(std::vector<double> v) {
  if (v.empty())
    return 0.0;
  std::sort(v.begin(), v.end());
  size_t mid = v.size() / 2;
  return v.size() % 2 ? v[mid] : 0.5 * (v[mid - 1] + v[mid]);
}

float sum_of_squares(const std::vector<float> &host) {
  thrust::device_vector<float> d(host.begin(), host.end());
  thrust::device_vector<float> sq(d.size());
  thrust::transform(d.begin(), d.end(), sq.begin(), Square());
  return thrust::reduce(sq.begin(), sq.end(), 0.0f);
}

Vec2<float> centroid(const std::vector<Vec2<float>> &pts) {
  Vec2<float> c;
  for (const auto &p : pts)
    c += p;
  return pts.empty() ? c : c * (1.0f / pts.size());
}
