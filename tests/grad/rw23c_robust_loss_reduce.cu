// cuad: --fn block_loss<64,2,Huber> --wrt pred,target,loss,partial
// cuad: --fn block_loss<64,2,LogCosh> --wrt pred,loss,partial
// cuad: fwd --fn block_loss<64,2,Huber> --wrt pred,loss,partial
// A training loop's robust regression loss, reduced per block: a kernel template over the
// block size, the number of items per thread (both non-type parameters, used for the shared
// array's size, the unrolled item loop and the reduction) and the loss functor. The functors
// derive from a base that holds data members (a global weight and an epsilon) and a member
// helper that uses them (a per-target relative scale); Huber adds its own `delta` and has two
// return paths; LogCosh adds a `temperature` and calls a static __device__ helper with an
// early return for large arguments. The per-block partial sums are the outputs.
#include <cuda_runtime.h>

typedef float real;

struct LossBase {
  real weight;
  real eps;
  __device__ real scale(real t) const { return weight / (t * t + eps); }
};

struct Huber : LossBase {
  real delta;
  __device__ real operator()(real p, real t) const {
    const real r = p - t;
    const real a = fabsf(r);
    if (a <= delta) return scale(t) * 0.5f * r * r;
    return scale(t) * delta * (a - 0.5f * delta);
  }
};

static __device__ real log_cosh(real x) {
  const real ax = fabsf(x);
  if (ax > 8.0f) return ax - 0.69314718f;  // cosh(x) ~ e^|x| / 2
  return logf(coshf(x));
}

struct LogCosh : public LossBase {
  real temperature;
  __device__ real operator()(real p, real t) const {
    return scale(t) * temperature * log_cosh((p - t) / temperature);
  }
};

constexpr int ceil_log2(int n) { return n <= 1 ? 0 : 1 + ceil_log2((n + 1) / 2); }

template <int BLOCK, int ITEMS, typename LossFn>
__global__ void block_loss(const real* __restrict__ pred, const real* __restrict__ target,
                           LossFn loss, real* __restrict__ partial, int n) {
  static_assert((1 << ceil_log2(BLOCK)) == BLOCK, "BLOCK must be a power of two");
  __shared__ real buf[BLOCK];
  const int tid = threadIdx.x;
  const int base = blockIdx.x * BLOCK * ITEMS + tid;
  real acc = 0.0f;
#pragma unroll
  for (int it = 0; it < ITEMS; ++it) {
    const int i = base + it * BLOCK;
    if (i < n) acc += loss(pred[i], target[i]);
  }
  buf[tid] = acc;
  __syncthreads();
#pragma unroll
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) buf[tid] += buf[tid + s];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = buf[0];
}
