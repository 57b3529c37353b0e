// cuad: --fn mlp_forward_loss --wrt x,W1,b1,W2,b2
// The forward half of a training step of a two-layer MLP classifier, as a small llm.c-like
// training program writes it on the host: the parameters and the batch are uploaded into
// fresh device buffers, the activations live in a struct filled by an allocation helper,
// layer 1 is a matmul-with-bias kernel template followed by a GELU launched in place on the
// same buffer (`gelu_forward<<<>>>(a.h, a.h, n)`), layer 2 the same matmul template, then a
// fused softmax cross-entropy kernel (one warp per row, __shfl_xor_sync max and sum, integer
// labels) writes per-row losses that are copied back into a std::vector and averaged on the
// host, which returns the mean loss.
#include <cuda_runtime.h>
#include <math.h>
#include <vector>

#define GELU_SCALING_FACTOR 0.7978845608028654f

struct Activations {
  float* h;
  float* logits;
  float* losses;
};

static void alloc_acts(Activations& a, int B, int H, int V) {
  cudaMalloc(&a.h, B * H * sizeof(float));
  cudaMalloc(&a.logits, B * V * sizeof(float));
  cudaMalloc(&a.losses, B * sizeof(float));
}

static void free_acts(Activations& a) {
  cudaFree(a.h);
  cudaFree(a.logits);
  cudaFree(a.losses);
}

// out[b, o] = bias[o] + sum_i inp[b, i] * weight[o, i]   (weight stored (OC, C) as in llm.c)
template <int OC_PER_THREAD>
__global__ void matmul_bias(float* __restrict__ out, const float* __restrict__ inp,
                            const float* __restrict__ weight, const float* __restrict__ bias, int B, int C,
                            int OC) {
  const int b = blockIdx.y;
  const int o0 = (blockIdx.x * blockDim.x + threadIdx.x) * OC_PER_THREAD;
  float acc[OC_PER_THREAD];
#pragma unroll
  for (int j = 0; j < OC_PER_THREAD; ++j) acc[j] = (o0 + j < OC) ? bias[o0 + j] : 0.0f;
  for (int i = 0; i < C; ++i) {
    const float xi = inp[b * C + i];
#pragma unroll
    for (int j = 0; j < OC_PER_THREAD; ++j)
      if (o0 + j < OC) acc[j] += xi * weight[(o0 + j) * C + i];
  }
#pragma unroll
  for (int j = 0; j < OC_PER_THREAD; ++j)
    if (o0 + j < OC) out[b * OC + o0 + j] = acc[j];
}

__global__ void gelu_forward(float* out, const float* inp, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    const float xi = inp[i];
    const float cube = 0.044715f * xi * xi * xi;
    out[i] = 0.5f * xi * (1.0f + tanhf(GELU_SCALING_FACTOR * (xi + cube)));
  }
}

__global__ void softmax_xent_warp(float* __restrict__ losses, const float* __restrict__ logits,
                                  const int* __restrict__ labels, int B, int V) {
  const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  if (row >= B) return;
  const float* z = logits + row * V;
  float mx = -INFINITY;
  for (int i = lane; i < V; i += 32) mx = fmaxf(mx, z[i]);
  for (int off = 16; off > 0; off >>= 1) mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, off));
  float s = 0.0f;
  for (int i = lane; i < V; i += 32) s += expf(z[i] - mx);
  for (int off = 16; off > 0; off >>= 1) s += __shfl_xor_sync(0xffffffffu, s, off);
  if (lane == 0) losses[row] = logf(s) + mx - z[labels[row]];
}

float mlp_forward_loss(const float* x, const int* labels, const float* W1, const float* b1, const float* W2,
                       const float* b2, int B, int D, int H, int V) {
  float *d_x, *d_W1, *d_b1, *d_W2, *d_b2;
  int* d_labels;
  cudaMalloc(&d_x, B * D * sizeof(float));
  cudaMalloc(&d_W1, H * D * sizeof(float));
  cudaMalloc(&d_b1, H * sizeof(float));
  cudaMalloc(&d_W2, V * H * sizeof(float));
  cudaMalloc(&d_b2, V * sizeof(float));
  cudaMalloc(&d_labels, B * sizeof(int));
  cudaMemcpy(d_x, x, B * D * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_W1, W1, H * D * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b1, b1, H * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_W2, W2, V * H * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b2, b2, V * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_labels, labels, B * sizeof(int), cudaMemcpyHostToDevice);

  Activations a;
  alloc_acts(a, B, H, V);
  const int tpb = 32;
  matmul_bias<2><<<dim3((H / 2 + tpb - 1) / tpb, B), tpb>>>(a.h, d_x, d_W1, d_b1, B, D, H);
  gelu_forward<<<(B * H + 63) / 64, 64>>>(a.h, a.h, B * H);
  matmul_bias<2><<<dim3((V / 2 + tpb - 1) / tpb, B), tpb>>>(a.logits, a.h, d_W2, d_b2, B, H, V);
  softmax_xent_warp<<<(B + 1) / 2, 64>>>(a.losses, a.logits, d_labels, B, V);

  std::vector<float> losses(B);
  cudaMemcpy(losses.data(), a.losses, B * sizeof(float), cudaMemcpyDeviceToHost);
  float mean_loss = 0.0f;
  for (int b = 0; b < B; ++b) mean_loss += losses[b];
  mean_loss /= B;

  free_acts(a);
  cudaFree(d_x);
  cudaFree(d_W1);
  cudaFree(d_b1);
  cudaFree(d_W2);
  cudaFree(d_b2);
  cudaFree(d_labels);
  return mean_loss;
}
