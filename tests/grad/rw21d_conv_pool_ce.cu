// cuad: --fn cnn1d_loss --wrt conv_w,conv_b,fc_w,fc_b
// A small 1-D CNN classifier's training loss as hand-written CUDA for a time-series model:
// valid Conv1d (C_in -> C_out, kernel K) + tanh, MaxPool1d (size 2, stride 2), flatten, a
// linear layer to the class logits, then label-smoothed cross-entropy with integer targets
// and an ignore_index (PyTorch's -100): one block per sample computes a numerically stable
// log-softmax with shared-memory max and sum reductions; ignored samples write no loss and
// do not count. The host divides by the number of counted samples.
#include <cuda_runtime.h>
#include <cmath>

#define IGNORE_INDEX -100

__global__ void conv1d_tanh(double* out, const double* in, const double* w, const double* bias,
                            int B, int C_in, int L, int C_out, int K) {
  const int L_out = L - K + 1;
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= B * C_out * L_out) return;
  int l = idx % L_out;
  int co = (idx / L_out) % C_out;
  int b = idx / (L_out * C_out);
  double acc = bias[co];
  for (int ci = 0; ci < C_in; ++ci)
    for (int k = 0; k < K; ++k)
      acc += w[(co * C_in + ci) * K + k] * in[(b * C_in + ci) * L + l + k];
  out[idx] = tanh(acc);
}

__global__ void maxpool1d(double* out, const double* in, int BC, int L_in) {
  const int L_out = L_in / 2;
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= BC * L_out) return;
  int row = idx / L_out, l = idx % L_out;
  const double* p = in + row * L_in + 2 * l;
  out[idx] = p[0] > p[1] ? p[0] : p[1];
}

__global__ void linear(double* out, const double* in, const double* w, const double* b, int N,
                       int in_f, int out_f) {
  int o = blockIdx.x * blockDim.x + threadIdx.x;
  int n = blockIdx.y;
  if (n >= N || o >= out_f) return;
  double acc = b[o];
  for (int i = 0; i < in_f; ++i) acc += w[o * in_f + i] * in[n * in_f + i];
  out[n * out_f + o] = acc;
}

template <int BLOCK>
__global__ void smoothed_cross_entropy(double* losses, int* counted, const double* logits,
                                       const int* targets, int V, double smoothing) {
  __shared__ double red[BLOCK];
  const int n = blockIdx.x;
  const int tid = threadIdx.x;
  const int target = targets[n];
  if (target == IGNORE_INDEX) {
    if (tid == 0) {
      losses[n] = 0.0;
      counted[n] = 0;
    }
    return;
  }
  const double* row = logits + n * V;

  double m = -INFINITY;
  for (int v = tid; v < V; v += BLOCK) m = fmax(m, row[v]);
  red[tid] = m;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] = fmax(red[tid], red[tid + s]);
    __syncthreads();
  }
  const double maxv = red[0];
  __syncthreads();

  double se = 0.0, sl = 0.0;
  for (int v = tid; v < V; v += BLOCK) {
    se += exp(row[v] - maxv);
    sl += row[v];
  }
  red[tid] = se;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  const double lse = maxv + log(red[0]);
  __syncthreads();
  red[tid] = sl;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    const double nll = lse - row[target];
    const double smooth = lse - red[0] / V;  // mean over classes of -log p
    losses[n] = (1.0 - smoothing) * nll + smoothing * smooth;
    counted[n] = 1;
  }
}

double cnn1d_loss(const double* x, const int* targets, const double* conv_w,
                  const double* conv_b, const double* fc_w, const double* fc_b, int B, int C_in,
                  int L, int C_out, int K, int n_classes, double smoothing) {
  const int L_conv = L - K + 1;
  const int L_pool = L_conv / 2;
  const int feat = C_out * L_pool;
  double *d_x, *d_cw, *d_cb, *d_fw, *d_fb, *d_conv, *d_pool, *d_logits, *d_losses;
  int *d_t, *d_counted;
  cudaMalloc(&d_x, B * C_in * L * sizeof(double));
  cudaMalloc(&d_cw, C_out * C_in * K * sizeof(double));
  cudaMalloc(&d_cb, C_out * sizeof(double));
  cudaMalloc(&d_fw, n_classes * feat * sizeof(double));
  cudaMalloc(&d_fb, n_classes * sizeof(double));
  cudaMalloc(&d_conv, B * C_out * L_conv * sizeof(double));
  cudaMalloc(&d_pool, B * feat * sizeof(double));
  cudaMalloc(&d_logits, B * n_classes * sizeof(double));
  cudaMalloc(&d_losses, B * sizeof(double));
  cudaMalloc(&d_t, B * sizeof(int));
  cudaMalloc(&d_counted, B * sizeof(int));
  cudaMemcpy(d_x, x, B * C_in * L * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_cw, conv_w, C_out * C_in * K * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_cb, conv_b, C_out * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_fw, fc_w, n_classes * feat * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_fb, fc_b, n_classes * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_t, targets, B * sizeof(int), cudaMemcpyHostToDevice);

  const int threads = 64;
  int total = B * C_out * L_conv;
  conv1d_tanh<<<(total + threads - 1) / threads, threads>>>(d_conv, d_x, d_cw, d_cb, B, C_in, L,
                                                           C_out, K);
  total = B * C_out * L_pool;
  maxpool1d<<<(total + threads - 1) / threads, threads>>>(d_pool, d_conv, B * C_out, L_conv);
  linear<<<dim3(1, B), 32>>>(d_logits, d_pool, d_fw, d_fb, B, feat, n_classes);
  smoothed_cross_entropy<4><<<B, 4>>>(d_losses, d_counted, d_logits, d_t, n_classes, smoothing);

  double* h_losses = new double[B];
  int* h_counted = new int[B];
  cudaMemcpy(h_losses, d_losses, B * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(h_counted, d_counted, B * sizeof(int), cudaMemcpyDeviceToHost);
  double loss = 0.0;
  int count = 0;
  for (int b = 0; b < B; ++b) {
    loss += h_losses[b];
    count += h_counted[b];
  }
  delete[] h_losses;
  delete[] h_counted;
  cudaFree(d_x);
  cudaFree(d_cw);
  cudaFree(d_cb);
  cudaFree(d_fw);
  cudaFree(d_fb);
  cudaFree(d_conv);
  cudaFree(d_pool);
  cudaFree(d_logits);
  cudaFree(d_losses);
  cudaFree(d_t);
  cudaFree(d_counted);
  return count > 0 ? loss / count : 0.0;
}
