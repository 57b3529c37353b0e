// cuad: --fn cub_minmax --wrt x,y,z,w
// cuad: fwd --fn cub_minmax --wrt x,y,z,w
// Written for cuad in the style of CUB 3 kernels that reduce with other operators than sums:
// `BlockReduce::Reduce` with `cuda::maximum<>{}` over two items per thread (the items
// overload), with `cuda::minimum<>{}`, with a user functor (a log-add-exp, as a stable
// log-sum-exp) and `Sum(items)`; `WarpReduce::Reduce` with `cuda::maximum<>{}`; and a running
// maximum with `BlockScan::InclusiveScan`. Results are used where CUB defines them (thread 0,
// lane 0 of each warp).
#include <cub/cub.cuh>

struct LogAddExp {
  __device__ float operator()(float a, float b) const {
    const float m = fmaxf(a, b);
    return m + logf(expf(a - m) + expf(b - m));
  }
};

__global__ void cub_minmax(const float* __restrict__ x, float* __restrict__ y,
                           float* __restrict__ z, float* __restrict__ w) {
  typedef cub::BlockReduce<float, 64> BR;
  typedef cub::WarpReduce<float> WR;
  typedef cub::BlockScan<float, 64> BS;
  __shared__ typename BR::TempStorage t_max;
  __shared__ typename BR::TempStorage t_min;
  __shared__ typename BR::TempStorage t_lse;
  __shared__ typename BR::TempStorage t_sum;
  __shared__ typename WR::TempStorage t_warp[2];
  __shared__ typename BS::TempStorage t_scan;
  const int tid = threadIdx.x;
  const float* row = x + blockIdx.x * 128;
  float items[2] = {row[2 * tid], row[2 * tid + 1]};
  const float mx = BR(t_max).Reduce(items, cuda::maximum<>{});
  const float mn = BR(t_min).Reduce(2.0f * items[1], cuda::minimum<>{});
  const float lse = BR(t_lse).Reduce(items[0], LogAddExp());
  const float s = BR(t_sum).Sum(items);
  const float wmax = WR(t_warp[tid / 32]).Reduce(3.0f * items[1], cuda::maximum<>{});
  float run;
  BS(t_scan).InclusiveScan(items[0], run, cuda::maximum<>{});
  y[blockIdx.x * 64 + tid] = run * items[1];
  if (tid % 32 == 0) z[blockIdx.x * 2 + tid / 32] = wmax;
  if (tid == 0) {
    w[blockIdx.x * 4 + 0] = mx;
    w[blockIdx.x * 4 + 1] = mn * mx;
    w[blockIdx.x * 4 + 2] = lse;
    w[blockIdx.x * 4 + 3] = s * mn;
  }
}
