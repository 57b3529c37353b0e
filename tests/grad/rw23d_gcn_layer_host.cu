// cuad: --fn gcn_layer_forward --wrt ew,H,W,out
// A GCN layer, out = tanh(D^-1/2 (A + I) D^-1/2 H W), as a host function over a COO edge
// list: the weighted degrees (self loop weight 1) are accumulated with atomicAdd, the edge
// weights are normalised in place on the device (w_e <- w_e / sqrt(d_src d_dst), rsqrt),
// the features are projected (X = H W, W staged in shared memory), and the messages are
// scattered with atomicAdd into the aggregate, which starts as the self-loop term; tanh is
// applied by the last kernel. The device buffers live in a struct filled and released by
// helpers.
#include <cuda_runtime.h>
#include <math.h>

#define FIN 5
#define FOUT 3

struct GcnBuffers {
  int* src;
  int* dst;
  float* w;
  float* deg;
  float* H;
  float* W;
  float* X;
  float* agg;
};

static void gcn_alloc(GcnBuffers& b, int n, int e) {
  cudaMalloc(&b.src, e * sizeof(int));
  cudaMalloc(&b.dst, e * sizeof(int));
  cudaMalloc(&b.w, e * sizeof(float));
  cudaMalloc(&b.deg, n * sizeof(float));
  cudaMalloc(&b.H, n * FIN * sizeof(float));
  cudaMalloc(&b.W, FIN * FOUT * sizeof(float));
  cudaMalloc(&b.X, n * FOUT * sizeof(float));
  cudaMalloc(&b.agg, n * FOUT * sizeof(float));
}

static void gcn_free(GcnBuffers& b) {
  cudaFree(b.src);
  cudaFree(b.dst);
  cudaFree(b.w);
  cudaFree(b.deg);
  cudaFree(b.H);
  cudaFree(b.W);
  cudaFree(b.X);
  cudaFree(b.agg);
}

__global__ void degree_init(int n, float* __restrict__ deg) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) deg[i] = 1.0f;  // self loop
}

__global__ void degree_accum(int e_count, const int* __restrict__ dst, const float* __restrict__ w,
                             float* __restrict__ deg) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e < e_count) atomicAdd(&deg[dst[e]], w[e]);
}

__global__ void normalize_edges(int e_count, const int* __restrict__ src, const int* __restrict__ dst,
                                const float* __restrict__ deg, float* __restrict__ w) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e < e_count) w[e] = w[e] * rsqrtf(deg[src[e]]) * rsqrtf(deg[dst[e]]);
}

__global__ void project(int n, const float* __restrict__ H, const float* __restrict__ W, const float* __restrict__ deg,
                        float* __restrict__ X, float* __restrict__ agg) {
  __shared__ float sW[FIN * FOUT];
  for (int k = threadIdx.x; k < FIN * FOUT; k += blockDim.x) sW[k] = W[k];
  __syncthreads();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  for (int o = 0; o < FOUT; ++o) {
    float s = 0.0f;
    for (int f = 0; f < FIN; ++f) s += H[i * FIN + f] * sW[f * FOUT + o];
    X[i * FOUT + o] = s;
    agg[i * FOUT + o] = s / deg[i];  // self loop: 1 / sqrt(d_i d_i)
  }
}

__global__ void scatter_messages(int e_count, const int* __restrict__ src, const int* __restrict__ dst,
                                 const float* __restrict__ w, const float* __restrict__ X, float* __restrict__ agg) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= e_count) return;
  for (int o = 0; o < FOUT; ++o) atomicAdd(&agg[dst[e] * FOUT + o], w[e] * X[src[e] * FOUT + o]);
}

__global__ void activate(int m, const float* __restrict__ agg, float* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) out[i] = tanhf(agg[i]);
}

void gcn_layer_forward(int n, int e_count, const int* src, const int* dst, const float* ew, const float* H,
                       const float* W, float* out) {
  GcnBuffers b;
  gcn_alloc(b, n, e_count);
  cudaMemcpy(b.src, src, e_count * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(b.dst, dst, e_count * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(b.w, ew, e_count * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(b.H, H, n * FIN * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(b.W, W, FIN * FOUT * sizeof(float), cudaMemcpyHostToDevice);
  const int T = 32;
  const int nb = (n + T - 1) / T, eb = (e_count + T - 1) / T, mb = (n * FOUT + T - 1) / T;
  degree_init<<<nb, T>>>(n, b.deg);
  degree_accum<<<eb, T>>>(e_count, b.dst, b.w, b.deg);
  normalize_edges<<<eb, T>>>(e_count, b.src, b.dst, b.deg, b.w);
  project<<<nb, T>>>(n, b.H, b.W, b.deg, b.X, b.agg);
  scatter_messages<<<eb, T>>>(e_count, b.src, b.dst, b.w, b.X, b.agg);
  float* d_out;
  cudaMalloc(&d_out, n * FOUT * sizeof(float));
  activate<<<mb, T>>>(n * FOUT, b.agg, d_out);
  cudaMemcpy(out, d_out, n * FOUT * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_out);
  gcn_free(b);
}
