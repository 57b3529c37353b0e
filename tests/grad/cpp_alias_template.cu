// cuad: --fn axpy_sq --wrt y,x,a
// Alias templates as parameter and local types: `Ptr<float>` for `float*`,
// `CPtr<float>` for `const float*`, a two-parameter alias, an alias of a class template.
template <typename T>
using Ptr = T*;
template <typename T>
using CPtr = const T*;
template <typename T, typename U>
using First = T;

template <typename T>
struct Pair {
  T lo, hi;
};
template <typename T>
using Range = Pair<T>;

__device__ float span_of(Range<float> r) { return r.hi - r.lo; }

__device__ float square_of(First<float, int> v) { return v * v; }

__global__ void axpy_sq(Ptr<float> y, CPtr<float> x, CPtr<float> a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Range<float> r{a[0] * x[i], x[i]};
    CPtr<float> xi = x + i;
    y[i] = square_of(*xi) * a[1] + span_of(r) + y[i];
  }
}
