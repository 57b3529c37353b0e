// cuad: --fn map_items<Compose<Affine,Softplus>,4> --wrt op,x,y
// cuad: fwd --fn map_items<Compose<Affine,Softplus>,4> --wrt op,x,y
// An element-wise "map" kernel template of a small tensor library: `template <class Op, int
// ITEMS>` under `__launch_bounds__(128)`, each thread loading ITEMS consecutive values into a
// register array under `#pragma unroll` and applying a functor passed by value. The functor is
// built from parts: `Compose<F, G>` holds two functors and calls `g(f(v))`; `Affine` has
// learnable fields `a`, `b`; `Softplus` has a learnable sharpness `beta` and a member
// *template* `operator()`. The gradient w.r.t. `op` is a Compose of the parts' adjoints.
#include <cuda_runtime.h>
#include <cmath>

struct Affine {
  double a, b;
  __device__ double operator()(double v) const { return a * v + b; }
};

struct Softplus {
  double beta;
  template <class T>
  __device__ T operator()(T v) const {
    return log1p(exp(beta * v)) / beta;
  }
};

template <class F, class G>
struct Compose {
  F f;
  G g;
  __device__ double operator()(double v) const { return g(f(v)); }
};

template <class Op, int ITEMS>
__global__ void __launch_bounds__(128) map_items(Op op, const double* __restrict__ x,
                                                 double* __restrict__ y, int n) {
  const int base = (blockIdx.x * blockDim.x + threadIdx.x) * ITEMS;
  double r[ITEMS];
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) r[k] = base + k < n ? x[base + k] : 0.0;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
    if (base + k < n) y[base + k] = op(r[k]);
}
