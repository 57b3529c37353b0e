// cuad: --fn clip_loss --wrt img_emb,txt_emb,logit_scale
// CLIP's symmetric InfoNCE loss over a small batch, as a contrastive-learning repo writes it
// in CUDA: both embedding sets are L2-normalised in place (one warp per row, __shfl_xor_sync
// sum, rsqrtf), the N x N logits are exp(logit_scale) * <img_i, txt_j>, and one block per row
// (image -> text) or per column (text -> image, strided reads of the same matrix) computes
// -log softmax at the diagonal with a max-subtracted shared-memory reduction. Row and column
// losses go into one (2, N) buffer summed on the host.
#include <cuda_runtime.h>
#include <cmath>

__global__ void l2_normalize_rows(float* x, int n, int d) {
  const int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  const int lane = threadIdx.x & 31;
  if (row >= n) return;
  float ss = 0.0f;
  for (int i = lane; i < d; i += 32) ss += x[row * d + i] * x[row * d + i];
  for (int m = 16; m > 0; m >>= 1) ss += __shfl_xor_sync(0xffffffff, ss, m);
  const float inv = rsqrtf(ss + 1e-12f);
  for (int i = lane; i < d; i += 32) x[row * d + i] *= inv;
}

__global__ void similarity(float* logits, const float* a, const float* b, const float* logit_scale,
                           int n, int d) {
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || j >= n) return;
  const float scale = expf(*logit_scale);
  float dot = 0.0f;
  for (int k = 0; k < d; ++k) dot += a[i * d + k] * b[j * d + k];
  logits[i * n + j] = scale * dot;
}

// dir 0: row i of logits (image i against every text); dir 1: column i (text i against
// every image). The positive pair is the diagonal entry.
template <int BLOCK>
__global__ void diag_cross_entropy(float* losses, const float* logits, int n) {
  __shared__ float sbuf[BLOCK];
  const int i = blockIdx.x;
  const int dir = blockIdx.y;
  const int tid = threadIdx.x;
  const int stride = dir == 0 ? 1 : n;
  const float* v = dir == 0 ? logits + i * n : logits + i;

  float m = -INFINITY;
  for (int j = tid; j < n; j += BLOCK) m = fmaxf(m, v[j * stride]);
  sbuf[tid] = m;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) sbuf[tid] = fmaxf(sbuf[tid], sbuf[tid + s]);
    __syncthreads();
  }
  m = sbuf[0];
  __syncthreads();
  float sum = 0.0f;
  for (int j = tid; j < n; j += BLOCK) sum += expf(v[j * stride] - m);
  sbuf[tid] = sum;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) sbuf[tid] += sbuf[tid + s];
    __syncthreads();
  }
  if (tid == 0) losses[dir * n + i] = logf(sbuf[0]) + m - v[i * stride];
}

float clip_loss(const float* img_emb, const float* txt_emb, const float* logit_scale, int n,
                int d) {
  float *d_img, *d_txt, *d_scale, *d_logits, *d_losses;
  cudaMalloc(&d_img, n * d * sizeof(float));
  cudaMalloc(&d_txt, n * d * sizeof(float));
  cudaMalloc(&d_scale, sizeof(float));
  cudaMalloc(&d_logits, n * n * sizeof(float));
  cudaMalloc(&d_losses, 2 * n * sizeof(float));
  cudaMemcpy(d_img, img_emb, n * d * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_txt, txt_emb, n * d * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_scale, logit_scale, sizeof(float), cudaMemcpyHostToDevice);

  const int warps = 4;
  l2_normalize_rows<<<(n + warps - 1) / warps, 32 * warps>>>(d_img, n, d);
  l2_normalize_rows<<<(n + warps - 1) / warps, 32 * warps>>>(d_txt, n, d);
  dim3 tb(8, 8);
  dim3 gr((n + 7) / 8, (n + 7) / 8);
  similarity<<<gr, tb>>>(d_logits, d_img, d_txt, d_scale, n, d);
  diag_cross_entropy<4><<<dim3(n, 2), 4>>>(d_losses, d_logits, n);

  float h_losses[64];
  cudaMemcpy(h_losses, d_losses, 2 * n * sizeof(float), cudaMemcpyDeviceToHost);
  float total = 0.0f;
  for (int k = 0; k < 2 * n; ++k) total += h_losses[k];

  cudaFree(d_img);
  cudaFree(d_txt);
  cudaFree(d_scale);
  cudaFree(d_logits);
  cudaFree(d_losses);
  return 0.5f * total / n;
}
