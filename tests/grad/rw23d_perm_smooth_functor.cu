// cuad: --fn permuted_smooth<Softplus> --wrt x,coef,y
// cuad: fwd --fn permuted_smooth<Softplus> --wrt x,coef,y
// 1-D smoothing along a bandwidth-reducing ordering (an RCM / space-filling-curve permutation
// of unstructured nodes): thread i works on the i-th node of the ordering, node = perm[i],
// reads its predecessor and successor in the ordering (perm[i-1], perm[i+1]; ends clamp to
// themselves) through the permutation, combines them with per-position coefficients held in a
// small local array, applies a functor activation, and scatters the result back to the node's
// natural position y[perm[i]]. Every x entry is read by up to three threads.
#include <cuda_runtime.h>

struct Softplus {
  float beta;
  __device__ float operator()(float v) const { return log1pf(expf(beta * v)) / beta; }
};

template <class Act>
__global__ void permuted_smooth(int n, const int* __restrict__ perm, const float* __restrict__ x,
                                const float* __restrict__ coef, Act act, float* __restrict__ y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int nb[3];
  nb[0] = perm[i > 0 ? i - 1 : i];
  nb[1] = perm[i];
  nb[2] = perm[i < n - 1 ? i + 1 : i];
  float c[3];
#pragma unroll
  for (int k = 0; k < 3; ++k) c[k] = coef[3 * i + k];
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < 3; ++k) s += c[k] * x[nb[k]];
  y[nb[1]] = act(s) + 0.1f * y[nb[1]];
}
