// cuad: --fn causal_attention --wrt out,att_in,v
// Host function (llm.c attention tail): the pre-softmax scores and V are copied to the device,
// a causal softmax kernel (one warp per query row, -INFINITY for masked keys through a ternary,
// __shfl_down_sync reduction then __shfl_sync broadcast, masked probabilities written as 0)
// fills a cudaMemset buffer, then a P @ V kernel (2-D grid, `#pragma unroll 4` over keys with
// fmaf) writes the output, which is copied back.
#define WARP 32
__global__ void causal_softmax(float* __restrict__ probs, const float* __restrict__ att, int T,
                               float scale) {
  const int row = blockIdx.x * (blockDim.x / WARP) + threadIdx.x / WARP;  // = b * T + t
  const int lane = threadIdx.x % WARP;
  const int t = row % T;
  const float* a = att + (size_t)row * T;
  float mx = -INFINITY;
  for (int j = lane; j < T; j += WARP) mx = fmaxf(mx, (j <= t) ? a[j] * scale : -INFINITY);
  for (int o = 16; o > 0; o >>= 1) mx = fmaxf(mx, __shfl_down_sync(0xffffffffu, mx, o));
  mx = __shfl_sync(0xffffffffu, mx, 0);
  float s = 0.f;
  for (int j = lane; j < T; j += WARP) {
    const float sv = (j <= t) ? a[j] * scale : -INFINITY;
    const float e = expf(sv - mx);
    probs[(size_t)row * T + j] = e;
    s += e;
  }
  for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);
  s = __shfl_sync(0xffffffffu, s, 0);
  const float inv = 1.f / s;
  for (int j = lane; j <= t; j += WARP) probs[(size_t)row * T + j] *= inv;
}

__global__ void pv_matmul(float* __restrict__ out, const float* __restrict__ probs,
                          const float* __restrict__ v, int T, int D) {
  const int row = blockIdx.x;  // b * T + t
  const int d = threadIdx.x;
  const int b = row / T;
  if (d >= D) return;
  const float* p = probs + (size_t)row * T;
  const float* vb = v + (size_t)b * T * D;
  float acc = 0.f;
#pragma unroll 4
  for (int j = 0; j < T; ++j) acc = fmaf(p[j], vb[j * D + d], acc);
  out[(size_t)row * D + d] = acc;
}

void causal_attention(float* out, const float* att_in, const float* v, int B, int T, int D) {
  float *d_att, *d_p, *d_v, *d_o;
  const size_t na = (size_t)B * T * T, nv = (size_t)B * T * D;
  cudaMalloc(&d_att, na * sizeof(float));
  cudaMalloc(&d_p, na * sizeof(float));
  cudaMalloc(&d_v, nv * sizeof(float));
  cudaMalloc(&d_o, nv * sizeof(float));
  cudaMemcpy(d_att, att_in, na * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, v, nv * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_p, 0, na * sizeof(float));
  const int rows = B * T, warps_per_block = 2;
  causal_softmax<<<(rows + warps_per_block - 1) / warps_per_block, warps_per_block * WARP>>>(d_p, d_att, T,
                                                                                               0.35f);
  pv_matmul<<<rows, 32>>>(d_o, d_p, d_v, T, D);
  cudaDeviceSynchronize();
  cudaMemcpy(out, d_o, nv * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_att);
  cudaFree(d_p);
  cudaFree(d_v);
  cudaFree(d_o);
}
