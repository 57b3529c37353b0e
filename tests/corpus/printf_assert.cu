// Device-side diagnostics: printf with several format specifiers, assert, __trap on
// corrupted input, and string literals with escapes.
#include <cassert>
#include <cstdio>

__global__ void check_finite(const double *x, int *bad, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double v = x[i];
  assert(n > 0);
  if (isnan(v) || isinf(v)) {
    printf("[block %d thread %d] x[%d] = %f is not finite\n", blockIdx.x, threadIdx.x, i, v);
    atomicAdd(bad, 1);
  }
  if (v < -1e300)
    __trap();
}

__global__ void debug_dump(const float *m, int rows, int cols) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c)
        printf("%8.3e%c", m[r * cols + c], c + 1 == cols ? '\n' : '\t');
    }
    printf("\"done\" \\ %s\n", "ok");
  }
}
