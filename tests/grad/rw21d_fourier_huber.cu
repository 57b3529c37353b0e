// cuad: --fn fourier_mlp_loss --wrt params
// A coordinate network (NeRF / Fourier-features style, no hash grid) fitted with a robust
// loss: 2-D points are encoded as [x, sin(2^k pi x), cos(2^k pi x)] for k < N_FREQS (one
// thread per point and frequency, sincosf), a tanh hidden layer and a linear head read their
// weights from one flat parameter buffer (`params + off_w1`), and the per-sample weighted
// Huber loss is reduced with __shfl_down_sync inside each warp and one atomicAdd per warp
// into a device scalar (cleared with cudaMemset) that the host copies back and normalises.
#include <cuda_runtime.h>

#define N_FREQS 3
#define IN_DIM 2
#define ENC_DIM (IN_DIM * (1 + 2 * N_FREQS))

__global__ void fourier_encode(float* __restrict__ enc, const float* __restrict__ pts, int n) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;  // (point, dim, freq)
  if (idx >= n * IN_DIM * N_FREQS) return;
  const int k = idx % N_FREQS;
  const int d = (idx / N_FREQS) % IN_DIM;
  const int p = idx / (N_FREQS * IN_DIM);
  const float x = pts[p * IN_DIM + d];
  float* e = enc + p * ENC_DIM;
  if (k == 0) e[d] = x;
  float s, c;
  sincosf(ldexpf(3.14159265f, k) * x, &s, &c);
  e[IN_DIM + (d * N_FREQS + k) * 2 + 0] = s;
  e[IN_DIM + (d * N_FREQS + k) * 2 + 1] = c;
}

__global__ void dense_tanh(float* __restrict__ out, const float* __restrict__ in,
                           const float* __restrict__ W, const float* __restrict__ b, int n,
                           int in_f, int out_f) {
  const int o = threadIdx.x;
  const int p = blockIdx.x;
  if (o >= out_f || p >= n) return;
  float acc = b[o];
  for (int k = 0; k < in_f; ++k) acc = fmaf(W[o * in_f + k], in[p * in_f + k], acc);
  out[p * out_f + o] = tanhf(acc);
}

__global__ void head_huber_loss(float* __restrict__ loss_sum, const float* __restrict__ h,
                                const float* __restrict__ w_out, const float* __restrict__ b_out,
                                const float* __restrict__ target,
                                const float* __restrict__ sample_w, int n, int hidden,
                                float delta) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  float l = 0.0f;
  if (p < n) {
    float pred = b_out[0];
    for (int k = 0; k < hidden; ++k) pred += w_out[k] * h[p * hidden + k];
    const float r = pred - target[p];
    const float a = fabsf(r);
    l = a <= delta ? 0.5f * r * r : delta * (a - 0.5f * delta);
    l *= sample_w[p];
  }
  for (int off = 16; off > 0; off >>= 1) l += __shfl_down_sync(0xffffffff, l, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(loss_sum, l);
}

float fourier_mlp_loss(const float* pts, const float* target, const float* sample_w,
                       const float* params, int n, int hidden, float delta) {
  const int off_w1 = 0;
  const int off_b1 = off_w1 + hidden * ENC_DIM;
  const int off_w2 = off_b1 + hidden;
  const int off_b2 = off_w2 + hidden;
  const int n_params = off_b2 + 1;

  float *d_pts, *d_target, *d_sw, *d_params, *d_enc, *d_h, *d_loss;
  cudaMalloc(&d_pts, n * IN_DIM * sizeof(float));
  cudaMalloc(&d_target, n * sizeof(float));
  cudaMalloc(&d_sw, n * sizeof(float));
  cudaMalloc(&d_params, n_params * sizeof(float));
  cudaMalloc(&d_enc, n * ENC_DIM * sizeof(float));
  cudaMalloc(&d_h, n * hidden * sizeof(float));
  cudaMalloc(&d_loss, sizeof(float));
  cudaMemcpy(d_pts, pts, n * IN_DIM * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_target, target, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_sw, sample_w, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_params, params, n_params * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_loss, 0, sizeof(float));

  const int work = n * IN_DIM * N_FREQS;
  fourier_encode<<<(work + 63) / 64, 64>>>(d_enc, d_pts, n);
  dense_tanh<<<n, 32>>>(d_h, d_enc, d_params + off_w1, d_params + off_b1, n, ENC_DIM, hidden);
  head_huber_loss<<<(n + 31) / 32, 32>>>(d_loss, d_h, d_params + off_w2, d_params + off_b2,
                                         d_target, d_sw, n, hidden, delta);
  float loss = 0.0f;
  cudaMemcpy(&loss, d_loss, sizeof(float), cudaMemcpyDeviceToHost);

  float wsum = 0.0f;
  for (int i = 0; i < n; ++i) wsum += sample_w[i];

  cudaFree(d_pts);
  cudaFree(d_target);
  cudaFree(d_sw);
  cudaFree(d_params);
  cudaFree(d_enc);
  cudaFree(d_h);
  cudaFree(d_loss);
  return loss / wsum;
}
