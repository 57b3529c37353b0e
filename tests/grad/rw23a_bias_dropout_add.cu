// cuad: --fn bias_dropout_add_<double> --wrt resid,x,bias,ls
// cuad: fwd --fn bias_dropout_add_<float> --wrt resid,x,bias,ls
// Megatron-style fused bias + dropout + residual add, in place on the residual stream:
// resid += dropout(x + bias) * ls (with a per-channel layer scale ls). The dropout mask is
// a deterministic counter-based hash of (seed, element index) (a 32-bit integer finaliser,
// unsigned shifts and multiplies) so that the backward pass can regenerate it; the mask is
// also written out as bytes. A grid-stride loop over 4-element chunks loads x and resid
// through a templated helper that uses float4 for float and two double2 for double
// (`if constexpr`), keeps the chunk in local arrays and stores element by element.
#include <cuda_runtime.h>
#include <type_traits>

__device__ __forceinline__ unsigned int hash_u32(unsigned int x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

__device__ __forceinline__ float uniform01(unsigned int seed, unsigned int idx) {
  return (float)(hash_u32(seed ^ hash_u32(idx)) >> 8) * (1.0f / 16777216.0f);
}

template <typename T>
__device__ __forceinline__ void load4(T* __restrict__ dst, const T* __restrict__ src) {
  if constexpr (std::is_same<T, float>::value) {
    const float4 v = *reinterpret_cast<const float4*>(src);
    dst[0] = v.x;
    dst[1] = v.y;
    dst[2] = v.z;
    dst[3] = v.w;
  } else {
    const double2 a = reinterpret_cast<const double2*>(src)[0];
    const double2 b = reinterpret_cast<const double2*>(src)[1];
    dst[0] = a.x;
    dst[1] = a.y;
    dst[2] = b.x;
    dst[3] = b.y;
  }
}

template <typename T>
__global__ void bias_dropout_add_(T* __restrict__ resid, unsigned char* __restrict__ mask, const T* __restrict__ x,
                                  const T* __restrict__ bias, const T* __restrict__ ls, float p, unsigned int seed,
                                  int N, int C) {
  const T scale = T(1) / (T(1) - (T)p);
  const int n4 = N * C / 4;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
    T xv[4], rv[4];
    load4(xv, x + 4 * i);
    load4(rv, resid + 4 * i);
    const int c0 = (4 * i) % C;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const unsigned int idx = 4u * i + k;
      const bool keep = uniform01(seed, idx) >= p;
      mask[idx] = keep ? 1 : 0;
      const T v = (xv[k] + bias[c0 + k]) * ls[c0 + k];
      resid[idx] = rv[k] + (keep ? v * scale : T(0));
    }
  }
}
