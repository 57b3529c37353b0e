// cuad: --fn taps --wrt x,y
// cuad: fwd --fn taps --wrt x,y
// Local arrays whose length comes from their brace initializer (`float w[] = {...}`): the
// hoisted declarations keep the length (they were `float w[];`).
#include <cuda_runtime.h>

__global__ void taps(const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float c[] = {0.5f, 1.5f, -2.0f};
  float w[] = {x[i], x[i] * x[i], sinf(x[i])};
  float acc[][2] = {{0.0f, 1.0f}, {1.0f, 0.0f}};
  for (int k = 0; k < 3; ++k) acc[k % 2][k / 2] += c[k] * w[k];
  y[i] = acc[0][0] * acc[1][1] + acc[0][1] - acc[1][0];
}
