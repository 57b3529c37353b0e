// cuad: --fn relax
// cuad: fwd --fn relax
// User compound assignments that are not member-wise arithmetic, declared every way C++
// allows: a free `operator+=` returning the reference and leaving w alone, a hidden friend
// `operator*=` that scales y by the square of the factor, a free template `operator-=`
// that subtracts a weighted vector, and a member `operator/=`. Both modes call the
// user's bodies (`a += b` is `operator+=(a, b)`), never member-wise built-in arithmetic.
#include <cuda_runtime.h>

__host__ __device__ inline double4& operator+=(double4& a, const double4& b) {
  a.x += b.x;
  a.y += b.y;
  a.z += b.z * b.w;
  return a;
}

struct P2 {
  double x, y;
  __host__ __device__ friend void operator*=(P2& a, double s) {
    a.x *= s;
    a.y *= s * s;
  }
  __host__ __device__ void operator/=(double s) {
    x = x / s;
    y = y - s;
  }
};

template <typename T>
struct V3 {
  T x, y, z;
};

template <typename T>
__host__ __device__ void operator-=(V3<T>& a, const V3<T>& b) {
  a.x -= b.x * b.y;
  a.y -= b.y;
  a.z = a.z * b.z;
}

__global__ void relax(const double4* __restrict__ d, const double* __restrict__ s, double4* __restrict__ p, double* __restrict__ q, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double4 v = p[i];
  v += d[i];
  P2 m{v.x, v.w};
  m *= s[i];
  m /= s[i] + 2.0;
  V3<double> a{v.y, v.z, m.x};
  const V3<double> b{m.y, s[i], v.w};
  a -= b;
  v.w = v.w * a.x + a.z;
  p[i] = v;
  q[i] = a.y * m.x;
}
