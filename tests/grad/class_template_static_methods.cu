// cuad: --fn poly<double> --wrt c,x,y
// cuad: --fn mixed --wrt a,y
// cuad: fwd --fn mixed
// Static member functions of class templates, a common way to write functors and policies in
// CUDA code: `Horner<T, N>::eval(c, x)` (a loop over the class's value parameter),
// `Op<double>::apply(a, b)` calling a sibling static function and reading a static constant.
// Each becomes a function template over the class's parameters (`Horner_eval<T, N>`), called
// with the instance's arguments. (Before: "cannot differentiate calls of member functions of
// class templates".)
template <typename T, int N>
struct Horner {
  __device__ static T eval(const T* c, T x) {
    T r = c[N - 1];
    for (int k = N - 2; k >= 0; --k) r = r * x + c[k];
    return r;
  }
};

template <typename T>
__global__ void poly(const T* c, const T* x, T* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = Horner<T, 4>::eval(c, x[i]) * x[i];
}

template <typename T>
struct Op {
  static constexpr T kScale = T(0.75);
  __device__ static T squash(T a) { return a / (T(1) + a * a); }
  __device__ static T apply(T a, T b) { return kScale * squash(a * b) + sin(a); }
};

__global__ void mixed(const double* a, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = Op<double>::apply(a[i], a[(i + 1) % n]) + Horner<double, 2>::eval(a, a[i]);
}
