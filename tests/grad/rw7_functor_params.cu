// cuad: --fn binary_map<Lerp> --wrt a,b,op,out
// cuad: --fn binary_map<SoftClip> --wrt a,b,op,out
// cuad: fwd --fn binary_map<SoftClip> --wrt a,b,op,out
// Written for cuad in the style of elementwise kernel templates over functors (thrust /
// TensorIterator style) whose functor carries learnable scalars: the functor is a kernel
// parameter passed by value and differentiated (`--wrt op`: its adjoint is a device struct
// accumulating over every thread), applied in a 64-bit grid-stride loop, with `fabsf`,
// `copysignf`, `fminf` and `__expf` inside `operator()`.
#include <cstddef>

struct Lerp {
  float t;
  float bias;
  __device__ float operator()(float x, float y) const { return fmaf(t, y - x, x) + bias; }
};

struct SoftClip {
  float limit;
  float sharp;
  __device__ float operator()(float x, float y) const {
    const float v = x * y;
    const float mag = fminf(fabsf(v), 4.f * limit);
    return copysignf(limit * (1.f - __expf(-sharp * mag / limit)), v);
  }
};

template <class Op>
__global__ void binary_map(const float* __restrict__ a, const float* __restrict__ b, Op op,
                           float* __restrict__ out, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    out[i] = op(a[i], b[i]);
}
