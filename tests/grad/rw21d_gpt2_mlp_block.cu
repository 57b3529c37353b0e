// cuad: --fn gpt2_mlp_block --wrt x,params
// The MLP half of a GPT-2 transformer block as llm.c's naive CUDA path writes it:
// x = x + proj(gelu(fc(layernorm(x)))). All parameters of the block live in one flat buffer
// (ln weight/bias, fc weight/bias, proj weight/bias) addressed through offsets
// (`d_params + off_fcw`); layernorm is one thread per row (layernorm_forward_kernel1), the
// matmuls are matmul_forward_kernel1 on a 2-D grid (bt, oc), GELU (tanh approximation) runs
// in place on the fc activations, and the residual add writes into the same buffer it reads.
#include <cuda_runtime.h>
#include <cmath>

#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)

__global__ void layernorm_forward_kernel1(float* out, const float* inp, const float* weight,
                                          const float* bias, int N, int C) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  float eps = 1e-5f;
  if (idx < N) {
    const float* x = inp + idx * C;
    float m = 0.0f;
    for (int i = 0; i < C; i++) {
      m += x[i];
    }
    m = m / C;
    float v = 0.0f;
    for (int i = 0; i < C; i++) {
      float xshift = x[i] - m;
      v += xshift * xshift;
    }
    v = v / C;
    float s = 1.0f / sqrtf(v + eps);
    float* out_idx = out + idx * C;
    for (int i = 0; i < C; i++) {
      float n = (s * (x[i] - m));
      float o = n * weight[i] + bias[i];
      out_idx[i] = o;
    }
  }
}

__global__ void matmul_forward_kernel1(float* out, const float* inp, const float* weight,
                                       const float* bias, int BT, int C, int OC) {
  // out is (B,T,OC). OC is short for "output channels", e.g. OC = 4 * C
  // inp is (B,T,C), weight is (OC, C), bias is (OC)
  int bt = blockIdx.x * blockDim.x + threadIdx.x;
  int oc = blockIdx.y * blockDim.y + threadIdx.y;
  if (bt < BT && oc < OC) {
    float val = (bias != NULL) ? bias[oc] : 0.0f;
    const float* wrow = weight + oc * C;
    const float* inp_bt = inp + bt * C;
    for (int i = 0; i < C; i++) {
      val += inp_bt[i] * wrow[i];
    }
    out[bt * OC + oc] = val;
  }
}

__global__ void gelu_forward_kernel(float* out, const float* inp, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    float xi = inp[i];
    float cube = 0.044715f * xi * xi * xi;
    out[i] = 0.5f * xi * (1.0f + tanhf(GELU_SCALING_FACTOR * (xi + cube)));
  }
}

__global__ void residual_forward_kernel(float* out, const float* inp1, const float* inp2, int N) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < N) {
    out[idx] = inp1[idx] + inp2[idx];
  }
}

static int ceil_div(int a, int b) { return (a + b - 1) / b; }

void gpt2_mlp_block(float* x, const float* params, int B, int T, int C) {
  const int BT = B * T;
  const int OC = 4 * C;
  // parameter layout
  const size_t off_lnw = 0;
  const size_t off_lnb = off_lnw + C;
  const size_t off_fcw = off_lnb + C;
  const size_t off_fcb = off_fcw + (size_t)OC * C;
  const size_t off_projw = off_fcb + OC;
  const size_t off_projb = off_projw + (size_t)C * OC;
  const size_t num_params = off_projb + C;

  float *d_params, *d_x, *d_ln, *d_fch, *d_proj;
  cudaMalloc(&d_params, num_params * sizeof(float));
  cudaMalloc(&d_x, BT * C * sizeof(float));
  cudaMalloc(&d_ln, BT * C * sizeof(float));
  cudaMalloc(&d_fch, BT * OC * sizeof(float));
  cudaMalloc(&d_proj, BT * C * sizeof(float));
  cudaMemcpy(d_params, params, num_params * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, BT * C * sizeof(float), cudaMemcpyHostToDevice);

  const int block_size = 32;
  layernorm_forward_kernel1<<<ceil_div(BT, block_size), block_size>>>(
      d_ln, d_x, d_params + off_lnw, d_params + off_lnb, BT, C);

  dim3 mm_block(8, 8);
  dim3 fc_grid(ceil_div(BT, 8), ceil_div(OC, 8));
  matmul_forward_kernel1<<<fc_grid, mm_block>>>(d_fch, d_ln, d_params + off_fcw,
                                                d_params + off_fcb, BT, C, OC);
  // activation in place
  gelu_forward_kernel<<<ceil_div(BT * OC, block_size), block_size>>>(d_fch, d_fch, BT * OC);

  dim3 proj_grid(ceil_div(BT, 8), ceil_div(C, 8));
  matmul_forward_kernel1<<<proj_grid, mm_block>>>(d_proj, d_fch, d_params + off_projw,
                                                  d_params + off_projb, BT, OC, C);
  // residual stream updated in place
  residual_forward_kernel<<<ceil_div(BT * C, block_size), block_size>>>(d_x, d_x, d_proj,
                                                                        BT * C);

  cudaMemcpy(x, d_x, BT * C * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_params);
  cudaFree(d_x);
  cudaFree(d_ln);
  cudaFree(d_fch);
  cudaFree(d_proj);
}
