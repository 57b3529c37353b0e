// cuad: --fn scale_second --wrt x
// Minimal repro: a __device__ helper stores through its pointer argument at an offset that is
// a static constexpr member named through a typedef (`store1(r + L::offset, v)` with
// `typedef Layout L;`, the way llm.c writes `x128::size`). cuad does not see that the call
// overwrites r[1]: it saves nothing, and the reverse pass reads the new r[1]. With the class's
// own name (`Layout::offset`) the old value is saved and restored.
#include <cuda_runtime.h>

struct Layout {
  static constexpr int offset = 1;
};
typedef Layout L;

__device__ void store1(float* a, float u) { a[0] = u; }

__global__ void scale_second(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float* r = x + 2 * i;
  const float s = r[0] * r[0] + r[1] * r[1];
  store1(r + L::offset, r[1] * s);
}
