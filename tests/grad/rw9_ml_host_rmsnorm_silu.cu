// cuad: --fn rmsnorm_silu --wrt out,x,weight
// Host function: cudaMalloc + cudaMemcpy of the activations and the weight, an RMSNorm kernel
// (one block per row, __shared__ tree reduction of the sum of squares, rsqrtf) writing a
// device temporary, then a SiLU-gated kernel (__expf, fmaf, grid-stride) reading it and the
// original x as the gate, copy back and free.
#define RMS_BLOCK 64
__global__ void rmsnorm_kernel(float* __restrict__ h, const float* __restrict__ x,
                               const float* __restrict__ weight, int C, float eps) {
  __shared__ float sm[RMS_BLOCK];
  const float* xr = x + blockIdx.x * C;
  float ss = 0.f;
  for (int i = threadIdx.x; i < C; i += blockDim.x) ss = fmaf(xr[i], xr[i], ss);
  sm[threadIdx.x] = ss;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sm[threadIdx.x] += sm[threadIdx.x + s];
    __syncthreads();
  }
  const float r = rsqrtf(sm[0] / C + eps);
  for (int i = threadIdx.x; i < C; i += blockDim.x) h[blockIdx.x * C + i] = xr[i] * r * weight[i];
}

__device__ __forceinline__ float silu(float v) { return v / (1.f + __expf(-v)); }

__global__ void silu_gate_kernel(float* __restrict__ out, const float* __restrict__ h,
                                 const float* __restrict__ gate, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = fmaf(silu(gate[i]), h[i], 0.1f * h[i]);
}

void rmsnorm_silu(float* out, const float* x, const float* weight, int rows, int C) {
  const int n = rows * C;
  float *d_x, *d_w, *d_h, *d_o;
  cudaMalloc((void**)&d_x, n * sizeof(float));
  cudaMalloc((void**)&d_w, C * sizeof(float));
  cudaMalloc((void**)&d_h, n * sizeof(float));
  cudaMalloc((void**)&d_o, n * sizeof(float));
  cudaMemcpy(d_x, x, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, weight, C * sizeof(float), cudaMemcpyHostToDevice);
  rmsnorm_kernel<<<rows, RMS_BLOCK>>>(d_h, d_x, d_w, C, 1e-6f);
  silu_gate_kernel<<<4, 64>>>(d_o, d_h, d_x, n);
  cudaMemcpy(out, d_o, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_w);
  cudaFree(d_h);
  cudaFree(d_o);
}
