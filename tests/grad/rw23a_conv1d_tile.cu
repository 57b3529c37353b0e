// cuad: --fn conv1d_gelu_fwd<double,3,2,32> --wrt out,chan_sum,in,w,bias
// cuad: fwd --fn conv1d_gelu_fwd<float,3,2,32> --wrt out,chan_sum,in,w,bias
// A dilated 1-D convolution with input and output channels and 'same' zero padding (the
// temporal convolution of a WaveNet / TCN / Whisper-encoder style model), fused with a
// bias and an exact (erf) GELU: the grid is (length tiles, output channels, batch), each
// block stages one input channel's tile plus its halo in shared memory at a time
// (zero-filled outside the sequence), accumulates the K dilated taps from the shared tile,
// and synchronises before the next channel overwrites the tile. Each activation is also
// added into a per-output-channel sum with atomicAdd (statistics for a following
// normalisation). Templated on the element type, the kernel size, the dilation and the tile.
#include <cuda_runtime.h>
#include <math.h>

template <typename T>
__device__ __forceinline__ T gelu_erf(T x) {
  return T(0.5) * x * (T(1) + erf(x * T(0.7071067811865476)));
}

template <typename T, int K, int DIL, int TILE>
__global__ void conv1d_gelu_fwd(T* __restrict__ out, T* __restrict__ chan_sum, const T* __restrict__ in,
                                const T* __restrict__ w, const T* __restrict__ bias, int Cin, int Cout, int L) {
  constexpr int HALO = (K - 1) * DIL;
  __shared__ T tile[TILE + HALO];
  const int b = blockIdx.z;
  const int co = blockIdx.y;
  const int l0 = blockIdx.x * TILE;
  const int l = l0 + threadIdx.x;
  const int pad = HALO / 2;

  T acc = bias[co];
  for (int ci = 0; ci < Cin; ++ci) {
    const T* src = in + (b * Cin + ci) * L;
    for (int j = threadIdx.x; j < TILE + HALO; j += blockDim.x) {
      const int g = l0 + j - pad;
      tile[j] = (g >= 0 && g < L) ? src[g] : T(0);
    }
    __syncthreads();
    const T* wk = w + (co * Cin + ci) * K;
#pragma unroll
    for (int k = 0; k < K; ++k) acc += wk[k] * tile[threadIdx.x + k * DIL];
    __syncthreads();
  }
  if (l < L) {
    const T y = gelu_erf(acc);
    out[(b * Cout + co) * L + l] = y;
    atomicAdd(&chan_sum[co], y);
  }
}
