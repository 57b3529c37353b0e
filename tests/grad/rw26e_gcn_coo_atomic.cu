// cuad: --fn gcn_layer --wrt h,edge_w,W,bias,out
// One graph-convolution layer on a weighted edge list (COO, unsigned indices), single
// precision, driven from the host: weighted in-degrees (plus a self-loop weight of 1) are
// accumulated with atomicAdd, every edge sends its symmetric-normalised message
// w_e / sqrt(d_src d_dst) * h_src to its destination with atomicAdd (feature by feature),
// the self loops add h_v / d_v, and a dense kernel applies the weight matrix, the bias and
// tanh. Node features and the weight matrix are row-major.
#include <cuda_runtime.h>
#include <math.h>

#define FIN 3
#define FOUT 2
#define THREADS 32

struct EdgeList {
  const unsigned* src;
  const unsigned* dst;
  unsigned count;
};

__global__ void weighted_degree(EdgeList E, const float* __restrict__ w, float* __restrict__ deg) {
  const unsigned e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e < E.count) atomicAdd(&deg[E.dst[e]], w[e]);
}

__global__ void fill_value(float* __restrict__ a, float v, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = v;
}

__global__ void scatter_messages(EdgeList E, const float* __restrict__ w, const float* __restrict__ deg,
                                 const float* __restrict__ h, float* __restrict__ agg) {
  const unsigned e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= E.count) return;
  const unsigned s = E.src[e], d = E.dst[e];
  const float coef = w[e] * rsqrtf(deg[s] * deg[d]);
  for (int f = 0; f < FIN; ++f) atomicAdd(&agg[d * FIN + f], coef * __ldg(&h[s * FIN + f]));
}

__global__ void self_loops(const float* __restrict__ deg, const float* __restrict__ h, unsigned n,
                           float* __restrict__ agg) {
  const unsigned v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n) return;
  const float inv = 1.0f / deg[v];
  for (int f = 0; f < FIN; ++f) agg[v * FIN + f] += inv * h[v * FIN + f];
}

__global__ void dense_tanh(const float* __restrict__ agg, const float* __restrict__ W,
                           const float* __restrict__ bias, unsigned n, float* __restrict__ out) {
  const unsigned v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n) return;
  for (int o = 0; o < FOUT; ++o) {
    float z = bias[o];
    for (int f = 0; f < FIN; ++f) z += agg[v * FIN + f] * W[f * FOUT + o];
    out[v * FOUT + o] = tanhf(z);
  }
}

void gcn_layer(unsigned n, unsigned m, const unsigned* src, const unsigned* dst, const float* h,
               const float* edge_w, const float* W, const float* bias, float* out) {
  unsigned *d_src, *d_dst;
  float *d_h, *d_w, *d_W, *d_b, *d_deg, *d_agg, *d_out;
  cudaMalloc(&d_src, m * sizeof(unsigned));
  cudaMalloc(&d_dst, m * sizeof(unsigned));
  cudaMalloc(&d_h, n * FIN * sizeof(float));
  cudaMalloc(&d_w, m * sizeof(float));
  cudaMalloc(&d_W, FIN * FOUT * sizeof(float));
  cudaMalloc(&d_b, FOUT * sizeof(float));
  cudaMalloc(&d_deg, n * sizeof(float));
  cudaMalloc(&d_agg, n * FIN * sizeof(float));
  cudaMalloc(&d_out, n * FOUT * sizeof(float));
  cudaMemcpy(d_src, src, m * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemcpy(d_dst, dst, m * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemcpy(d_h, h, n * FIN * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, edge_w, m * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_W, W, FIN * FOUT * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, bias, FOUT * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_agg, 0, n * FIN * sizeof(float));

  EdgeList E;
  E.src = d_src;
  E.dst = d_dst;
  E.count = m;
  const unsigned nb = (n + THREADS - 1) / THREADS, eb = (m + THREADS - 1) / THREADS;
  fill_value<<<nb, THREADS>>>(d_deg, 1.0f, n);  // the self loop's weight
  weighted_degree<<<eb, THREADS>>>(E, d_w, d_deg);
  scatter_messages<<<eb, THREADS>>>(E, d_w, d_deg, d_h, d_agg);
  self_loops<<<nb, THREADS>>>(d_deg, d_h, n, d_agg);
  dense_tanh<<<nb, THREADS>>>(d_agg, d_W, d_b, n, d_out);
  cudaMemcpy(out, d_out, n * FOUT * sizeof(float), cudaMemcpyDeviceToHost);

  cudaFree(d_src);
  cudaFree(d_dst);
  cudaFree(d_h);
  cudaFree(d_w);
  cudaFree(d_W);
  cudaFree(d_b);
  cudaFree(d_deg);
  cudaFree(d_agg);
  cudaFree(d_out);
}
