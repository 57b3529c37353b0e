// cuad: --fn layernorm_welford --wrt out,mean_out,rstd_out,x,gamma,beta
// LayerNorm forward, one warp per row (llm.c / Apex style): per-lane Welford over a strided
// row read through __ldg, warp merge of (mean, m2, count) with __shfl_down_sync, broadcast from
// lane 0 with __shfl_sync, rsqrtf, fmaf with gamma/beta; mean and rstd saved for backward.
__device__ __forceinline__ void welford_combine(float& mean, float& m2, float& count,
                                                float b_mean, float b_m2, float b_count) {
  float n = count + b_count;
  if (n == 0.f) return;
  float delta = b_mean - mean;
  float nb_over_n = b_count / n;
  mean = mean + delta * nb_over_n;
  m2 = m2 + b_m2 + delta * delta * count * nb_over_n;
  count = n;
}

__global__ void layernorm_welford(float* __restrict__ out, float* __restrict__ mean_out,
                                  float* __restrict__ rstd_out, const float* __restrict__ x,
                                  const float* __restrict__ gamma, const float* __restrict__ beta,
                                  int rows, int C, float eps) {
  const int warp = threadIdx.x >> 5;
  const int lane = threadIdx.x & 31;
  const int row = blockIdx.x * (blockDim.x >> 5) + warp;
  if (row >= rows) return;
  const float* xr = x + row * C;
  float mean = 0.f, m2 = 0.f, count = 0.f;
  for (int i = lane; i < C; i += 32) {
    float v = __ldg(xr + i);
    count += 1.f;
    float d = v - mean;
    mean += d / count;
    m2 += d * (v - mean);
  }
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) {
    float b_mean = __shfl_down_sync(0xffffffffu, mean, off);
    float b_m2 = __shfl_down_sync(0xffffffffu, m2, off);
    float b_n = __shfl_down_sync(0xffffffffu, count, off);
    welford_combine(mean, m2, count, b_mean, b_m2, b_n);
  }
  mean = __shfl_sync(0xffffffffu, mean, 0);
  m2 = __shfl_sync(0xffffffffu, m2, 0);
  const float rstd = rsqrtf(m2 / C + eps);
  if (lane == 0) {
    mean_out[row] = mean;
    rstd_out[row] = rstd;
  }
  float* o = out + row * C;
  for (int i = lane; i < C; i += 32) {
    float n = (xr[i] - mean) * rstd;
    o[i] = fmaf(n, gamma[i], beta[i]);
  }
}
