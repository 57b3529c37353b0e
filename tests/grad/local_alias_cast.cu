// cuad: --fn k
// cuad: fwd --fn k
// A cast to a block-scope type alias (`using acc_t = double;` then `static_cast<acc_t>(in[i])`)
// is a cast to what the alias names. It used to drop the derivative silently (the reverse pass
// never added _d_x into _d_in, the pushforward set _d_x = 0).
#include <cuda_runtime.h>

__global__ void k(double* out, const double* in, int n) {
  using acc_t = double;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const double x = static_cast<acc_t>(in[i]);
    out[i] = x * x;
  }
}
