// cuad: --fn k --wrt out,p,poly
// Methods and member operators of class templates (`Vec3T<T>::dot`, `operator-`, a method
// returning the injected class name `Vec3T`, `Poly<T, N>::eval` with a non-type parameter):
// each becomes a function template whose arguments (N too) are deduced at the call.
template <typename T>
struct Vec3T {
  T x, y, z;
  __device__ T dot(const Vec3T& o) const { return x * o.x + y * o.y + z * o.z; }
  __device__ Vec3T operator-(const Vec3T& o) const { return Vec3T{x - o.x, y - o.y, z - o.z}; }
  __device__ Vec3T scaled(T s) const { return {x * s, y * s, z * s}; }
};
template <typename T, int N>
struct Poly {
  T c[N];
  __device__ T eval(T t) const { T acc = c[N - 1]; for (int k = N - 2; k >= 0; --k) acc = acc * t + c[k]; return acc; }
};
__global__ void k(double* out, const Vec3T<double>* p, const Poly<double, 4>* poly, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Vec3T<double> d = p[i] - p[(i + 1) % n];
    out[i] = poly[i].eval(d.scaled(0.5).dot(d));
  }
}
