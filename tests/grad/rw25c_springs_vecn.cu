// cuad: --fn spring_forces<2> --wrt x,v,rest,f
// cuad: fwd --fn spring_forces<3> --wrt x,v,rest,f
// A dimension-generic mass-spring force kernel in the glm style: the vector type is a class
// template VecN<T, D> declared once and partially specialized for D = 2 and D = 3 (named
// components x, y[, z], member operators and a member dot), loaded from a flat array with a
// static member function. Damped springs: f = (k (|d| - l) + c (dv . d)/|d|) d/|d| on both
// ends, scattered with atomicAdd per component.
#include <cuda_runtime.h>

template <class T, int D>
struct VecN;

template <class T>
struct VecN<T, 2> {
  T x, y;
  __device__ static VecN load(const T* p) { return VecN{p[0], p[1]}; }
  __device__ VecN operator-(const VecN& o) const { return VecN{x - o.x, y - o.y}; }
  __device__ VecN operator*(T s) const { return VecN{x * s, y * s}; }
  __device__ T dot(const VecN& o) const { return x * o.x + y * o.y; }
  __device__ T comp(int i) const { return i == 0 ? x : y; }
};

template <class T>
struct VecN<T, 3> {
  T x, y, z;
  __device__ static VecN load(const T* p) { return VecN{p[0], p[1], p[2]}; }
  __device__ VecN operator-(const VecN& o) const { return VecN{x - o.x, y - o.y, z - o.z}; }
  __device__ VecN operator*(T s) const { return VecN{x * s, y * s, z * s}; }
  __device__ T dot(const VecN& o) const { return x * o.x + y * o.y + z * o.z; }
  __device__ T comp(int i) const { return i == 0 ? x : (i == 1 ? y : z); }
};

template <int D>
__global__ void spring_forces(int ns, const int* __restrict__ ends, const double* __restrict__ x,
                              const double* __restrict__ v, const double* __restrict__ rest, double k, double c,
                              double* f) {
  using V = VecN<double, D>;
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= ns) return;
  const int a = ends[2 * s], b = ends[2 * s + 1];
  const V d = V::load(x + D * b) - V::load(x + D * a);
  const V dv = V::load(v + D * b) - V::load(v + D * a);
  const double len = sqrt(d.dot(d));
  const double mag = (k * (len - rest[s]) + c * dv.dot(d) / len) / len;
  const V fs = d * mag;
  for (int i = 0; i < D; ++i) {
    atomicAdd(&f[D * a + i], fs.comp(i));
    atomicAdd(&f[D * b + i], -fs.comp(i));
  }
}
