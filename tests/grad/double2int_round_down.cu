// cuad: --fn lerp1d --wrt table,xs,out
// 1-D linear interpolation into a table with the cell index from the rounding intrinsic
// __double2int_rd (CUDA's floor-to-int): an integer, no derivative; the fraction x - i0
// carries it. (The CPU emulation lacked __double2int_rd / _ru.)
#include <cuda_runtime.h>

__global__ void lerp1d(const double* table, int n_table, const double* xs, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double x = xs[i];
  const int i0 = __double2int_rd(x);
  const double a = x - i0;
  out[i] = (1.0 - a) * table[i0] + a * table[i0 + 1];
}
