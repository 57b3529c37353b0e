// cuad: --fn cub_functor_obj --wrt x,y,z
// cuad: fwd --fn cub_functor_obj --wrt x,y,z
// Written for cuad in the style of CUB kernels with their own reduction operators: a functor
// object declared in the kernel (a product) passed to `BlockReduce::Reduce` and to
// `WarpReduce::Reduce` over logical warps of 16, and a soft maximum functor with a field,
// built at the call (`SoftMax2{0.5f}`); the per-element transform is a lambda given to a
// function template.
#include <cub/cub.cuh>

struct Prod {
  __device__ float operator()(float a, float b) const { return a * b; }
};

struct SoftMax2 {
  float t;
  __device__ float operator()(float a, float b) const {
    return t * logf(expf(a / t) + expf(b / t));
  }
};

template <class F>
__device__ float transform(F f, float v) {
  return f(v);
}

__global__ void cub_functor_obj(const float* __restrict__ x, float* __restrict__ y,
                                float* __restrict__ z, float shift) {
  typedef cub::BlockReduce<float, 64> BR;
  typedef cub::WarpReduce<float, 16> WR;
  __shared__ typename BR::TempStorage t_prod;
  __shared__ typename BR::TempStorage t_soft;
  __shared__ typename WR::TempStorage t_warp[4];
  const int tid = threadIdx.x;
  const float v = transform([=](float u) { return u * 0.25f + shift; }, x[blockIdx.x * 64 + tid]);
  Prod prod;
  const float p = BR(t_prod).Reduce(v, prod);
  const float s = BR(t_soft).Reduce(v * v, SoftMax2{0.5f});
  const float q = WR(t_warp[tid / 16]).Reduce(v, prod);
  if (tid % 16 == 0) z[blockIdx.x * 4 + tid / 16] = q;
  if (tid == 0) y[blockIdx.x] = p + s;
}
