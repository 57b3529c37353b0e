// cuad: --fn forms --wrt x,y
// cuad: fwd --fn forms --wrt x,y
// Function templates over functions: a function pointer parameter (with a default, called as
// `(*op)(v)`, given as `&sn`), a function reference, a function type (adjusted to a pointer),
// a pointer typed by an earlier type parameter, and an alias of a function pointer type.
#include <cuda_runtime.h>

__device__ float sq(float v) { return v * v; }
__device__ float sn(float v) { return sinf(v); }

using unary_t = float (*)(float);

template <float (&op)(float)>
__device__ float by_ref(float v) { return op(v) * v; }

template <float (*op)(float) = sq>
__device__ float by_default(float v) { return (*op)(v) + v; }

template <typename T, T (*op)(T)>
__device__ T typed(T v) { return op(v) - T(0.5) * v; }

template <float op(float)>
__device__ float by_fn(float v) { return op(op(v)); }

template <unary_t op>
__device__ float by_alias(float v) { return expf(op(v)); }

__global__ void forms(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = by_ref<sn>(v) + by_default<>(v) + by_default<&sn>(v) + typed<float, sq>(v) +
           by_fn<sn>(v) + by_alias<sq>(v);
  }
}
