// cuad: --fn warp_energy --wrt x,out
// cuad: fwd --fn warp_energy
// cub::WarpReduce over logical warps of 16 lanes (four per block of 64, each with its own
// TempStorage) and over full warps (default width, Reduce with cuda::std::plus); results valid in
// lane 0 of each logical warp, used there nonlinearly.
#include <cub/cub.cuh>

__global__ void warp_energy(const float* x, float* out, int n) {
  typedef cub::WarpReduce<float, 16> HalfWarp;
  using FullWarp = cub::WarpReduce<float>;
  __shared__ typename HalfWarp::TempStorage ht[4];
  __shared__ typename FullWarp::TempStorage ft[2];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.0f;
  float s = HalfWarp(ht[threadIdx.x / 16]).Sum(v * v);
  float m = FullWarp(ft[threadIdx.x / 32]).Reduce(sinf(v), cuda::std::plus<float>{});
  if (threadIdx.x % 16 == 0) out[i / 16] = sqrtf(s + 1.0f);
  if (threadIdx.x % 32 == 0) out[(n + 15) / 16 + i / 32] = m * m;
}
