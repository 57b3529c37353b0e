// cuad: --fn k
// A block-scope type alias used as an explicit template argument (`sq<acc_t>(...)` with
// `using acc_t = double;` inside the kernel) instantiates `sq<double>` (the pullback was a
// non-template `sq_pullback(acc_t ...)` with an empty body, called with nullptr).
#include <cuda_runtime.h>

template <typename T>
__device__ T sq(T x) {
  return x * x;
}

__global__ void k(double* out, const double* in, int n) {
  using acc_t = double;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = sq<acc_t>(in[i]);
}
