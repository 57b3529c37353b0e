// cuad: --fn norm_scale --wrt y,v,c
// Member typedefs: `V::value_type` as a return and parameter type of methods and free
// functions, `typename T::value_type` in a function template, a member typedef of a
// class template used through the class.
struct Vec2 {
  typedef double value_type;
  using index_type = int;
  value_type x, y;
  __device__ value_type get(index_type k) const { return k == 0 ? x : y; }
  __device__ value_type dot(const Vec2& o) const { return x * o.x + y * o.y; }
  __device__ void scale_by(value_type s) {
    x *= s;
    y *= s;
  }
};

template <typename V>
__device__ typename V::value_type norm2(const V& v) {
  typename V::value_type d = v.dot(v);
  return d;
}

__device__ Vec2::value_type shifted(Vec2::value_type a, const Vec2& v) {
  return a + v.get(1) * v.get(0);
}

template <typename T>
struct Box {
  typedef T value_type;
  T lo, hi;
  __device__ value_type width() const { return hi - lo; }
};

__global__ void norm_scale(double* y, const Vec2* v, const double* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Vec2 p = v[i];
    p.scale_by(c[0]);
    Vec2::value_type m = norm2(p);
    Box<double> b{c[1], p.x};
    Box<double>::value_type w = b.width();
    y[i] = shifted(m, p) + w * w;
  }
}
