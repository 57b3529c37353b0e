// cuad: --fn robust_fit_loss<double,CauchyPolicy> --wrt p,y,scale,loss
// cuad: --fn robust_fit_loss<double,L2Policy,32> --wrt p,t,y,loss
// cuad: fwd --fn robust_fit_loss<double,CauchyPolicy> --wrt p,y,scale,loss
// Written for cuad in the style of robust curve fitting on the GPU (Ceres-like loss
// functions as policy classes): `L2Policy` / `CauchyPolicy` each have a static member
// function template `rho(r, c)` and `static constexpr bool kMean`; the kernel template
// `template <typename T, class Policy, int BLOCK = 64>` (a defaulted non-type argument,
// left out in the first request) evaluates an exponential-decay model through a `[=]`
// lambda, applies the policy, scales by 1/n under `if constexpr (Policy::kMean)`, reduces
// the block in shared memory and adds the block's sum into `loss` with atomicAdd.
#include <cmath>

struct L2Policy {
  static constexpr bool kMean = false;
  template <typename T>
  __device__ static T rho(T r, [[maybe_unused]] T c) {
    return T(0.5) * r * r;
  }
};

struct CauchyPolicy {
  static constexpr bool kMean = true;
  template <typename T>
  __device__ static T rho(T r, T c) {
    const T u = r / c;
    return T(0.5) * c * c * std::log1p(u * u);
  }
};

template <typename T, class Policy, int BLOCK = 64>
__global__ void robust_fit_loss(const T* __restrict__ p, const T* __restrict__ t,
                                const T* __restrict__ y, T scale, T* __restrict__ loss, int n) {
  __shared__ T partial[BLOCK];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * BLOCK + tid;
  const T a = p[0], k = p[1], c0 = p[2];
  auto model = [=](T tt) { return a * std::exp(-k * tt) + c0; };
  T v = T(0);
  if (i < n) {
    v = Policy::rho(model(t[i]) - y[i], scale);
    if constexpr (Policy::kMean) v /= T(n);
  }
  partial[tid] = v;
  __syncthreads();
#pragma unroll
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(loss, partial[0]);
}
