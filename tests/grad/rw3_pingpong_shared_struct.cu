// cuad: --fn smooth_shared --wrt x,y
// cuad: --fn moments_struct --wrt x,y
// 1: repeated smoothing in shared memory with two tiles used as ping-pong buffers through
// swapped pointers (a barrier between the passes). 2: per-thread power moments accumulated
// through a pointer to a local struct's array member (`float* m = acc.v`).
#include <cuda_runtime.h>

#define TILE_W 32

__global__ void smooth_shared(const float* x, float* y, int n, int iters) {
  __shared__ float sa[TILE_W], sb[TILE_W];
  const int t = threadIdx.x;
  const int i = blockIdx.x * TILE_W + t;
  sa[t] = i < n ? x[i] : 0.0f;
  __syncthreads();
  float* cur = sa;
  float* nxt = sb;
  for (int it = 0; it < iters; ++it) {
    const float l = cur[t > 0 ? t - 1 : t], r = cur[t < TILE_W - 1 ? t + 1 : t];
    nxt[t] = 0.25f * l + 0.5f * cur[t] + 0.25f * r + 0.1f * sinf(cur[t]);
    __syncthreads();
    float* tmp = cur;
    cur = nxt;
    nxt = tmp;
  }
  if (i < n) y[i] = cur[t];
}

struct Moments {
  float v[4];
};

__global__ void moments_struct(const float* x, float* y, int n, int m) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Moments acc;
  float* mom = acc.v;
  for (int k = 0; k < 4; ++k) mom[k] = 0.0f;
  for (int j = 0; j < m; ++j) {
    const float v = x[i * m + j];
    float p = v;
    for (int k = 0; k < 4; ++k) {
      mom[k] += p;
      p *= v;
    }
  }
  const float mean = acc.v[0] / m;
  y[i] = acc.v[1] / m - mean * mean + 0.1f * mom[2] / m + 0.01f * mom[3] / m;
}
