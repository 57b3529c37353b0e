// cuad: --fn gru_sequence --wrt h_out,xs,h0,Wx,Wh,bx,bh
// A GRU layer over a short sequence, driven by a host time loop as in small RNN inference
// code: one kernel launch per step (one thread per hidden unit, PyTorch's gate order r, z, n,
// weights Wx [3H, I] and Wh [3H, H], biases bx and bh [3H]), __expf-based sigmoid and tanhf,
// fmaf in the dot products, ping-pong hidden-state buffers swapped with std::swap after each
// launch, the final state copied back.
#include <cuda_runtime.h>
#include <utility>

#define GRU_THREADS 32

__device__ __forceinline__ float sigmoidf_fast(float v) { return 1.0f / (1.0f + __expf(-v)); }

__global__ void __launch_bounds__(GRU_THREADS)
    gru_step(float* __restrict__ h_next, const float* __restrict__ h_prev,
             const float* __restrict__ x, const float* __restrict__ Wx,
             const float* __restrict__ Wh, const float* __restrict__ bx,
             const float* __restrict__ bh, int I, int H) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= H) return;
  float gx[3], gh[3];
#pragma unroll
  for (int g = 0; g < 3; ++g) {
    const int row = g * H + j;
    float ax = bx[row], ah = bh[row];
    for (int i = 0; i < I; ++i) ax = fmaf(Wx[row * I + i], x[i], ax);
    for (int k = 0; k < H; ++k) ah = fmaf(Wh[row * H + k], h_prev[k], ah);
    gx[g] = ax;
    gh[g] = ah;
  }
  const float r = sigmoidf_fast(gx[0] + gh[0]);
  const float z = sigmoidf_fast(gx[1] + gh[1]);
  const float n = tanhf(gx[2] + r * gh[2]);
  h_next[j] = (1.0f - z) * n + z * h_prev[j];
}

void gru_sequence(float* h_out, const float* xs, const float* h0, const float* Wx,
                  const float* Wh, const float* bx, const float* bh, int T, int I, int H) {
  float *d_xs, *d_Wx, *d_Wh, *d_bx, *d_bh, *d_ha, *d_hb;
  cudaMalloc(&d_xs, T * I * sizeof(float));
  cudaMalloc(&d_Wx, 3 * H * I * sizeof(float));
  cudaMalloc(&d_Wh, 3 * H * H * sizeof(float));
  cudaMalloc(&d_bx, 3 * H * sizeof(float));
  cudaMalloc(&d_bh, 3 * H * sizeof(float));
  cudaMalloc(&d_ha, H * sizeof(float));
  cudaMalloc(&d_hb, H * sizeof(float));
  cudaMemcpy(d_xs, xs, T * I * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_Wx, Wx, 3 * H * I * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_Wh, Wh, 3 * H * H * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_bx, bx, 3 * H * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_bh, bh, 3 * H * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_ha, h0, H * sizeof(float), cudaMemcpyHostToDevice);
  const int blocks = (H + GRU_THREADS - 1) / GRU_THREADS;
  for (int t = 0; t < T; ++t) {
    gru_step<<<blocks, GRU_THREADS>>>(d_hb, d_ha, d_xs + t * I, d_Wx, d_Wh, d_bx, d_bh, I, H);
    std::swap(d_ha, d_hb);
  }
  cudaMemcpy(h_out, d_ha, H * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_xs);
  cudaFree(d_Wx);
  cudaFree(d_Wh);
  cudaFree(d_bx);
  cudaFree(d_bh);
  cudaFree(d_ha);
  cudaFree(d_hb);
}
