// cuad: --fn block_energy --wrt y,x
// Cooperative groups' thread block: `block.sync()` is a barrier (also in the reverse pass),
// `block.thread_rank()` and `block.size()` the linear thread index and the block size.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void block_energy(float* y, const float* x, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[64];
  int t = block.thread_rank();
  int i = blockIdx.x * block.size() + t;
  s[t] = i < n ? x[i] * x[i] : 0.f;
  block.sync();
  if (t == 0) {
    float acc = 0.f;
    for (int k = 0; k < (int)block.size(); ++k) acc += s[k] * (1.0f + 0.1f * k);
    y[blockIdx.x] = sqrtf(acc);
  }
  cg::sync(block);
  if (i < n) y[gridDim.x + i] = s[(t + 1) % block.size()] * x[i];
}
