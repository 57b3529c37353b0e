// cuad: --fn mlp_stack_loss --wrt params,x_in
// cuad: fwd --fn mlp_stack_loss --wrt params,x_in
// A stack of pre-norm residual MLP blocks (RMSNorm -> up projection -> GELU-tanh -> down
// projection -> residual add in place) followed by a final RMSNorm and a regression head with
// a mean-squared-error loss, run from the host the way a small research codebase does: all
// parameters in one flat array uploaded into one device slab, per-layer weights found by
// offsets into it inside the layer loop, a launch helper per op, the residual stream updated
// in place each layer, the per-row squared errors added into one device scalar with atomicAdd
// (zeroed by cudaMemset) and copied back.
#include <cuda_runtime.h>
#include <math.h>

struct Dims {
  int T, C, H, L;
};

__global__ void rmsnorm_rows(float* __restrict__ out, const float* __restrict__ x, const float* __restrict__ w,
                             int T, int C) {
  __shared__ float warp_ss[4];
  __shared__ float s_rstd;
  const int t = blockIdx.x;
  float ss = 0.0f;
  for (int c = threadIdx.x; c < C; c += blockDim.x) ss += x[t * C + c] * x[t * C + c];
  for (int o = 16; o > 0; o >>= 1) ss += __shfl_down_sync(0xffffffffu, ss, o);
  if ((threadIdx.x & 31) == 0) warp_ss[threadIdx.x >> 5] = ss;
  __syncthreads();
  if (threadIdx.x == 0) {
    float tot = 0.0f;
    for (int i = 0; i < (int)(blockDim.x >> 5); ++i) tot += warp_ss[i];
    s_rstd = rsqrtf(tot / C + 1e-5f);
  }
  __syncthreads();
  for (int c = threadIdx.x; c < C; c += blockDim.x) out[t * C + c] = x[t * C + c] * s_rstd * w[c];
}

__device__ __forceinline__ float gelu_tanh(float v) {
  return 0.5f * v * (1.0f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v)));
}

template <bool GELU>
__global__ void linear_act(float* __restrict__ out, const float* __restrict__ in, const float* __restrict__ W,
                           const float* __restrict__ b, int T, int N, int K) {
  const int t = blockIdx.y, n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n >= N) return;
  float acc = b[n];
  for (int k = 0; k < K; ++k) acc += in[t * K + k] * W[n * K + k];
  out[t * N + n] = GELU ? gelu_tanh(acc) : acc;
}

__global__ void residual_add(float* __restrict__ x, const float* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += y[i];
}

__global__ void mse_head(float* __restrict__ loss, const float* __restrict__ h, const float* __restrict__ w_head,
                         const float* __restrict__ target, int T, int C) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= T) return;
  float p = 0.0f;
  for (int c = 0; c < C; ++c) p += h[t * C + c] * w_head[c];
  const float e = p - target[t];
  atomicAdd(loss, e * e / T);
}

static void launch_linear(float* out, const float* in, const float* W, const float* b, int T, int N, int K,
                          bool gelu) {
  dim3 grid((N + 31) / 32, T);
  if (gelu)
    linear_act<true><<<grid, 32>>>(out, in, W, b, T, N, K);
  else
    linear_act<false><<<grid, 32>>>(out, in, W, b, T, N, K);
}

float mlp_stack_loss(const float* params, const float* x_in, const float* target, Dims d) {
  const int T = d.T, C = d.C, H = d.H;
  const int per_layer = C + H * C + H + C * H + C;
  const int n_params = d.L * per_layer + C + C;
  float *d_params, *d_x, *d_h, *d_u, *d_y, *d_target, *d_loss;
  cudaMalloc(&d_params, n_params * sizeof(float));
  cudaMalloc(&d_x, T * C * sizeof(float));
  cudaMalloc(&d_h, T * C * sizeof(float));
  cudaMalloc(&d_u, T * H * sizeof(float));
  cudaMalloc(&d_y, T * C * sizeof(float));
  cudaMalloc(&d_target, T * sizeof(float));
  cudaMalloc(&d_loss, sizeof(float));
  cudaMemcpy(d_params, params, n_params * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x_in, T * C * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_target, target, T * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_loss, 0, sizeof(float));

  for (int l = 0; l < d.L; ++l) {
    const float* p = d_params + l * per_layer;
    const float* ln_w = p;
    const float* w_up = ln_w + C;
    const float* b_up = w_up + H * C;
    const float* w_down = b_up + H;
    const float* b_down = w_down + C * H;
    rmsnorm_rows<<<T, 64>>>(d_h, d_x, ln_w, T, C);
    launch_linear(d_u, d_h, w_up, b_up, T, H, C, true);
    launch_linear(d_y, d_u, w_down, b_down, T, C, H, false);
    residual_add<<<(T * C + 63) / 64, 64>>>(d_x, d_y, T * C);
  }
  const float* lnf = d_params + d.L * per_layer;
  const float* w_head = lnf + C;
  rmsnorm_rows<<<T, 64>>>(d_h, d_x, lnf, T, C);
  mse_head<<<1, 32>>>(d_loss, d_h, w_head, d_target, T, C);
  float loss = 0.0f;
  cudaMemcpy(&loss, d_loss, sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_params);
  cudaFree(d_x);
  cudaFree(d_h);
  cudaFree(d_u);
  cudaFree(d_y);
  cudaFree(d_target);
  cudaFree(d_loss);
  return loss;
}
