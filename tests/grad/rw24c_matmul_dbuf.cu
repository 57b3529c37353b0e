// cuad: --fn linear_gelu_dbuf<8,2> --wrt X,W,bias,Y
// cuad: fwd --fn linear_gelu_dbuf<8,2> --wrt X,W,bias,Y
// The MLP up-projection of a transformer block as a hand-tuned kernel: Y += gelu_tanh(X W^T +
// bias) (nn.Linear layout, W is [N][K]), with TILE x TILE shared-memory tiles that are double
// buffered (the next tile is prefetched into registers while the current one is consumed,
// then stored into the other buffer), and each thread computing an RxR micro-tile of outputs
// held in a local accumulator array. The epilogue adds into Y in place (the residual stream).
#include <cuda_runtime.h>
#include <math.h>

__device__ __forceinline__ float gelu_tanh(float x) {
  const float k0 = 0.7978845608028654f, k1 = 0.044715f;
  const float u = k0 * (x + k1 * x * x * x);
  return 0.5f * x * (1.0f + tanhf(u));
}

template <int TILE, int R>
__global__ void linear_gelu_dbuf(const float* __restrict__ X, const float* __restrict__ W,
                                 const float* __restrict__ bias, float* __restrict__ Y, int M, int N, int K) {
  constexpr int BT = TILE * R;  // outputs per block side
  __shared__ float Xs[2][BT][TILE];
  __shared__ float Ws[2][BT][TILE + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * BT, col0 = blockIdx.x * BT;

  float xr[R], wr[R];
  // prefetch tile 0 into registers
#pragma unroll
  for (int r = 0; r < R; ++r) {
    const int gm = row0 + ty * R + r, gn = col0 + ty * R + r;
    xr[r] = (gm < M && tx < K) ? X[gm * K + tx] : 0.0f;
    wr[r] = (gn < N && tx < K) ? W[gn * K + tx] : 0.0f;
  }
  float acc[R][R];
#pragma unroll
  for (int i = 0; i < R; ++i)
#pragma unroll
    for (int j = 0; j < R; ++j) acc[i][j] = 0.0f;

  const int n_tiles = (K + TILE - 1) / TILE;
  for (int t = 0; t < n_tiles; ++t) {
    const int buf = t & 1;
#pragma unroll
    for (int r = 0; r < R; ++r) {
      Xs[buf][ty * R + r][tx] = xr[r];
      Ws[buf][ty * R + r][tx] = wr[r];
    }
    __syncthreads();
    if (t + 1 < n_tiles) {
      const int k = (t + 1) * TILE + tx;
#pragma unroll
      for (int r = 0; r < R; ++r) {
        const int gm = row0 + ty * R + r, gn = col0 + ty * R + r;
        xr[r] = (gm < M && k < K) ? X[gm * K + k] : 0.0f;
        wr[r] = (gn < N && k < K) ? W[gn * K + k] : 0.0f;
      }
    }
    for (int kk = 0; kk < TILE; ++kk) {
#pragma unroll
      for (int i = 0; i < R; ++i)
#pragma unroll
        for (int j = 0; j < R; ++j) acc[i][j] += Xs[buf][ty * R + i][kk] * Ws[buf][tx * R + j][kk];
    }
    // no second barrier: the next iteration writes the other buffer
  }
#pragma unroll
  for (int i = 0; i < R; ++i)
#pragma unroll
    for (int j = 0; j < R; ++j) {
      const int gm = row0 + ty * R + i, gn = col0 + tx * R + j;
      if (gm < M && gn < N) Y[gm * N + gn] += gelu_tanh(acc[i][j] + bias[gn]);
    }
}
