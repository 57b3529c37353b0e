// cuad: --fn llama_ffn_loss --wrt x,rms_w,w1,w3,w2
// A Llama-style feed-forward sub-block with its regression loss, as in llama2.c-derived CUDA
// ports: h = x + W2 (silu(W1 rmsnorm(x)) * W3 rmsnorm(x)), then 0.5 * mean((h - y)^2).
// RMSNorm is one warp per token with a __shfl_down_sync sum broadcast by __shfl_sync, the
// SwiGLU kernel computes gate and up projections of one hidden unit per thread on a 2-D grid,
// the down projection adds into the residual stream in place (x += ...), and the loss kernel
// reduces in shared memory (BLOCK a template argument) with the per-block partials summed on
// the host. Kernels are templated on the element type; the dimensions come in a struct.
#include <cuda_runtime.h>
#include <vector>

struct FFNDims {
  int n_tokens;
  int dim;
  int hidden_dim;
};

template <typename T>
__device__ T warp_reduce_sum(T v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  return __shfl_sync(0xffffffff, v, 0);
}

template <typename T>
__global__ void rmsnorm_kernel(T* o, const T* x, const T* weight, int n_tokens, int dim) {
  const int token = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  if (token >= n_tokens) return;
  const T* xr = x + token * dim;
  T ss = 0;
  for (int i = lane; i < dim; i += 32) ss += xr[i] * xr[i];
  ss = warp_reduce_sum(ss);
  ss = ss / dim + T(1e-5);
  const T inv = rsqrt(ss);
  for (int i = lane; i < dim; i += 32) o[token * dim + i] = weight[i] * (inv * xr[i]);
}

template <typename T>
__device__ __forceinline__ T silu(T v) {
  return v / (T(1) + exp(-v));
}

template <typename T>
__global__ void swiglu_kernel(T* hb, const T* xb, const T* w1, const T* w3, FFNDims d) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;  // hidden unit
  const int token = blockIdx.y;
  if (j >= d.hidden_dim) return;
  const T* xr = xb + token * d.dim;
  T gate = 0, up = 0;
  for (int i = 0; i < d.dim; i++) {
    gate += w1[j * d.dim + i] * xr[i];
    up += w3[j * d.dim + i] * xr[i];
  }
  hb[token * d.hidden_dim + j] = silu(gate) * up;
}

template <typename T>
__global__ void down_proj_residual_kernel(T* x, const T* hb, const T* w2, FFNDims d) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;  // output channel
  const int token = blockIdx.y;
  if (i >= d.dim) return;
  T acc = 0;
  for (int j = 0; j < d.hidden_dim; j++) acc += w2[i * d.hidden_dim + j] * hb[token * d.hidden_dim + j];
  x[token * d.dim + i] += acc;
}

template <typename T, int BLOCK>
__global__ void mse_partial_kernel(T* partial, const T* pred, const T* target, int n) {
  __shared__ T cache[BLOCK];
  int tid = threadIdx.x;
  T acc = 0;
  for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK) {
    T diff = pred[i] - target[i];
    acc += diff * diff;
  }
  cache[tid] = acc;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) cache[tid] += cache[tid + s];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = cache[0];
}

double llama_ffn_loss(const double* x, const double* y, const double* rms_w, const double* w1,
                      const double* w3, const double* w2, FFNDims d) {
  const int n = d.n_tokens * d.dim;
  const int nh = d.n_tokens * d.hidden_dim;
  double *dx, *dy, *drms, *dw1, *dw3, *dw2, *dxb, *dhb, *dpartial;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMalloc(&drms, d.dim * sizeof(double));
  cudaMalloc(&dw1, d.hidden_dim * d.dim * sizeof(double));
  cudaMalloc(&dw3, d.hidden_dim * d.dim * sizeof(double));
  cudaMalloc(&dw2, d.dim * d.hidden_dim * sizeof(double));
  cudaMalloc(&dxb, n * sizeof(double));
  cudaMalloc(&dhb, nh * sizeof(double));
  cudaMemcpy(dx, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(drms, rms_w, d.dim * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(dw1, w1, d.hidden_dim * d.dim * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(dw3, w3, d.hidden_dim * d.dim * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(dw2, w2, d.dim * d.hidden_dim * sizeof(double), cudaMemcpyHostToDevice);

  const int warps_per_block = 2;
  rmsnorm_kernel<double><<<(d.n_tokens + warps_per_block - 1) / warps_per_block,
                           32 * warps_per_block>>>(dxb, dx, drms, d.n_tokens, d.dim);
  swiglu_kernel<double><<<dim3((d.hidden_dim + 31) / 32, d.n_tokens), 32>>>(dhb, dxb, dw1, dw3, d);
  down_proj_residual_kernel<double><<<dim3((d.dim + 31) / 32, d.n_tokens), 32>>>(dx, dhb, dw2, d);

  constexpr int kBlock = 16;
  const int blocks = 2;
  cudaMalloc(&dpartial, blocks * sizeof(double));
  mse_partial_kernel<double, kBlock><<<blocks, kBlock>>>(dpartial, dx, dy, n);
  std::vector<double> partial(blocks);
  cudaMemcpy(partial.data(), dpartial, blocks * sizeof(double), cudaMemcpyDeviceToHost);
  double sum = 0.0;
  for (int b = 0; b < blocks; ++b) sum += partial[b];

  cudaFree(dx);
  cudaFree(dy);
  cudaFree(drms);
  cudaFree(dw1);
  cudaFree(dw3);
  cudaFree(dw2);
  cudaFree(dxb);
  cudaFree(dhb);
  cudaFree(dpartial);
  return 0.5 * sum / n;
}
