// cuad: --fn k
// cuad: fwd --fn k
// One class template, three definitions picked by the instance's arguments: the primary
// (`Vec<double, 4>`, an array), an explicit specialization with its own layout and metric
// (`Vec<double, 2>`: fields x, y), and a partial specialization (`Vec<T, 3>`: fields a, b, c,
// a member operator returning the injected class name, a static loader). Each instance's
// fields and methods are its own definition's.
template <class T, int D>
struct Vec {
  T e[D];
  __device__ T sq() const {
    T s = 0;
    for (int i = 0; i < D; ++i) s += e[i] * e[i];
    return s;
  }
};
template <>
struct Vec<double, 2> {
  double x, y;
  __device__ double sq() const { return x * x + 3.0 * y * y; }
};
template <class T>
struct Vec<T, 3> {
  T a, b, c;
  __device__ static Vec load(const T* p) { return Vec{p[0], p[1], p[2]}; }
  __device__ Vec operator*(T s) const { return Vec{a * s, b * s, c * s}; }
  __device__ T sq() const { return a * b + c * c; }
};
__global__ void k(const double* x, double* out) {
  Vec<double, 2> u{x[0], x[1]};
  using V3 = Vec<double, 3>;
  const V3 v = V3::load(x + 2) * x[5];
  Vec<double, 4> w;
  for (int i = 0; i < 4; ++i) w.e[i] = x[i] * x[5 - i];
  out[0] = 2.0 * u.sq() + v.sq() + 0.5 * w.sq();
  out[1] = u.y * v.b;
}
