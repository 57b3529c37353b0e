// cuad: --fn maxpool2d_fwd --wrt in,out
// cuad: fwd --fn maxpool2d_fwd --wrt in,out
// Written for cuad in the style of a deep-learning framework's pooling layer (Caffe / PyTorch
// THCUNN style): `extern "C"` kernel with `__launch_bounds__(256, 2)`, `__restrict__`
// everywhere, a 64-bit flat index `(size_t)blockIdx.x * blockDim.x + threadIdx.x`, the batch
// and channel on `blockIdx.y`/`blockIdx.z`, `-FLT_MAX` and `-HUGE_VALF`
// as the initial maximum, the argmax kept as an int64_t index for the backward pass, and an
// atomicMax on an int recording the largest window offset any thread picked.
#include <cfloat>
#include <cstdint>
#include <cmath>

extern "C" __global__ void __launch_bounds__(256, 2)
    maxpool2d_fwd(const float* __restrict__ in, float* __restrict__ out,
                  int64_t* __restrict__ argmax, int* __restrict__ max_offset, int H, int W,
                  int OH, int OW, int k, int stride) {
  const size_t p = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  const int c = blockIdx.y, C = gridDim.y, b = blockIdx.z;
  if (p >= (size_t)OH * OW) return;
  const int oy = (int)(p / OW), ox = (int)(p % OW);
  const float* __restrict__ plane = in + ((size_t)b * C + c) * H * W;
  float best = -FLT_MAX;
  float second = -HUGE_VALF;
  int64_t arg = -1;
  int off = 0;
  for (int dy = 0; dy < k; ++dy) {
    for (int dx = 0; dx < k; ++dx) {
      const int iy = oy * stride + dy, ix = ox * stride + dx;
      if (iy >= H || ix >= W) continue;
      const float v = plane[iy * W + ix];
      if (v > best) {
        second = best;
        best = v;
        arg = (int64_t)iy * W + ix;
        off = dy * k + dx;
      } else if (v > second) {
        second = v;
      }
    }
  }
  atomicMax(max_offset, off);
  const size_t o = ((size_t)b * C + c) * OH * OW + p;
  // a soft margin between the two largest values, as in a "max with margin" pooling variant
  out[o] = best + 0.1f * (best - second);
  argmax[o] = arg;
}
