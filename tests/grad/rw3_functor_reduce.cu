// cuad: --fn loss_reduce<Huber> --wrt pred,target,loss
// cuad: --fn loss_reduce<Softplus> --wrt pred,target,loss
// A transform-reduce kernel template over a functor type: Huber (a branch on |r| < delta) and
// a scaled softplus; the functor is built from a kernel parameter, applied in a grid-stride
// loop, reduced with __shfl_xor_sync across the warp and one atomicAdd per warp.
#include <cuda_runtime.h>

struct Huber {
  float delta;
  __device__ float operator()(float p, float t) const {
    const float r = p - t;
    const float a = fabsf(r);
    return a < delta ? 0.5f * r * r : delta * (a - 0.5f * delta);
  }
};

struct Softplus {
  float beta;
  __device__ float operator()(float p, float t) const {
    return log1pf(__expf(beta * (p - t))) / beta;
  }
};

template <class F>
__device__ float warp_allreduce(float v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
  return v;
}

template <class F>
__global__ void loss_reduce(const float* pred, const float* target, float param, float* loss,
                            int n) {
  const F f{param};
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    acc += f(pred[i], target[i]);
  acc = warp_allreduce<F>(acc);
  if ((threadIdx.x & 31) == 0) atomicAdd(loss, acc / n);
}
