// cuad: --fn causal_dwconv1d_fwd --wrt x,weight,bias,out
// Depthwise causal 1-D convolution in the style of Mamba's causal_conv1d kernels:
// x and out are (batch, channels, seqlen), each channel has its own `width` taps and bias, an
// optional SiLU follows. One block per (channel, batch) walks the sequence in chunks of
// blockDim.x; dynamic shared memory is carved into the chunk with its causal halo of
// width - 1 earlier samples and the channel's taps. The shape and flags travel in a struct
// passed by value.
struct ConvParams {
  int batch, channels, seqlen, width;
  bool silu_activation;
};

__device__ __forceinline__ float silu(float v) { return v / (1.0f + expf(-v)); }

__global__ void causal_dwconv1d_fwd(ConvParams p, const float* __restrict__ x,
                                    const float* __restrict__ weight,
                                    const float* __restrict__ bias, float* __restrict__ out) {
  extern __shared__ float smem[];
  const int chunk = blockDim.x;
  float* s_x = smem;                          // chunk + width - 1 samples
  float* s_w = smem + chunk + p.width - 1;   // width taps
  const int c = blockIdx.x, b = blockIdx.y;
  const int tid = threadIdx.x;
  const size_t base = ((size_t)b * p.channels + c) * p.seqlen;

  if (tid < p.width) s_w[tid] = weight[c * p.width + tid];
  const float bc = bias != nullptr ? bias[c] : 0.0f;

  for (int l0 = 0; l0 < p.seqlen; l0 += chunk) {
    // halo: the width - 1 samples before the chunk (zero before the sequence start)
    if (tid < p.width - 1) {
      const int l = l0 - (p.width - 1) + tid;
      s_x[tid] = l >= 0 ? x[base + l] : 0.0f;
    }
    const int l = l0 + tid;
    s_x[p.width - 1 + tid] = l < p.seqlen ? x[base + l] : 0.0f;
    __syncthreads();
    if (l < p.seqlen) {
      float acc = bc;
#pragma unroll 4
      for (int k = 0; k < p.width; ++k) acc += s_w[k] * s_x[tid + k];
      out[base + l] = p.silu_activation ? silu(acc) : acc;
    }
    __syncthreads();
  }
}
