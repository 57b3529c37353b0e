// cuad: --fn group_norm_fwd_kernel<double,double,64> --wrt X,gamma,beta,Y,mean,rstd
// cuad: --fn group_norm_fwd_kernel<float,double,64> --wrt X,gamma,beta,Y,mean,rstd
// GroupNorm forward as in PyTorch's native kernel, written without torch: one block per
// (n, g) pair of an (N, C, HxW) input, a Welford accumulator struct (mean, m2, count) per
// thread over the group's C/G * HxW elements, combined across the warp with __shfl_down_sync
// on each field and across warps through a __shared__ array of structs sized by the BLOCK
// template parameter, then the normalized output with per-channel gamma/beta
// (c = g * D + (i / HxW)), plus the saved mean and rstd outputs. scalar_t storage with
// accscalar_t accumulation (used directly: see rw14_ext_localcast_min for a block-scope
// `using acc_t = accscalar_t;`).
#include <cuda_runtime.h>
#include <cstdint>

template <typename T>
struct WelfordData {
  T mean;
  T m2;
  T n;
};

template <typename T>
__device__ __forceinline__ WelfordData<T> welford_combine(const WelfordData<T>& a,
                                                          const WelfordData<T>& b) {
  if (a.n == 0) return b;
  if (b.n == 0) return a;
  const T n = a.n + b.n;
  const T delta = b.mean - a.mean;
  const T nb_over_n = b.n / n;
  WelfordData<T> r;
  r.mean = a.mean + delta * nb_over_n;
  r.m2 = a.m2 + b.m2 + delta * delta * a.n * nb_over_n;
  r.n = n;
  return r;
}

template <typename T>
__device__ __forceinline__ WelfordData<T> warp_welford(WelfordData<T> v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) {
    WelfordData<T> o;
    o.mean = __shfl_down_sync(0xffffffffu, v.mean, offset);
    o.m2 = __shfl_down_sync(0xffffffffu, v.m2, offset);
    o.n = __shfl_down_sync(0xffffffffu, v.n, offset);
    v = welford_combine(v, o);
  }
  return v;
}

template <typename scalar_t, typename accscalar_t, int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    group_norm_fwd_kernel(const scalar_t* __restrict__ X, const scalar_t* __restrict__ gamma,
                          const scalar_t* __restrict__ beta, scalar_t* __restrict__ Y,
                          scalar_t* __restrict__ mean, scalar_t* __restrict__ rstd, int64_t C,
                          int64_t HxW, int64_t group, accscalar_t eps) {
  __shared__ WelfordData<accscalar_t> shared[BLOCK / 32];
  const int64_t ng = blockIdx.x;  // n * group + g
  const int64_t D = C / group;
  const int64_t len = D * HxW;
  const scalar_t* x = X + ng * len;

  WelfordData<accscalar_t> w = {accscalar_t(0), accscalar_t(0), accscalar_t(0)};
  for (int64_t i = threadIdx.x; i < len; i += BLOCK) {
    const accscalar_t v = static_cast<accscalar_t>(x[i]);
    w.n += accscalar_t(1);
    const accscalar_t delta = v - w.mean;
    w.mean += delta / w.n;
    w.m2 += delta * (v - w.mean);
  }
  w = warp_welford(w);
  const int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
  if (lane == 0) shared[wid] = w;
  __syncthreads();
  if (wid == 0) {
    w = lane < BLOCK / 32 ? shared[lane] : WelfordData<accscalar_t>{accscalar_t(0), accscalar_t(0), accscalar_t(0)};
    w = warp_welford(w);
    if (lane == 0) shared[0] = w;
  }
  __syncthreads();
  const accscalar_t mu = shared[0].mean;
  const accscalar_t var = shared[0].m2 / shared[0].n;
  const accscalar_t rs = accscalar_t(1) / sqrt(var + eps);
  if (threadIdx.x == 0) {
    mean[ng] = static_cast<scalar_t>(mu);
    rstd[ng] = static_cast<scalar_t>(rs);
  }
  const int64_t g = ng % group;
  scalar_t* y = Y + ng * len;
  for (int64_t i = threadIdx.x; i < len; i += BLOCK) {
    const int64_t c = g * D + i / HxW;
    const accscalar_t v = (static_cast<accscalar_t>(x[i]) - mu) * rs;
    y[i] = static_cast<scalar_t>(v * static_cast<accscalar_t>(gamma[c]) +
                                 static_cast<accscalar_t>(beta[c]));
  }
}
