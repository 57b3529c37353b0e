// cuad: --fn pagerank_power --wrt edge_w,teleport,damping,rank
// cuad: fwd --fn pagerank_power --wrt edge_w,teleport,damping,rank
// Weighted PageRank by a fixed number of power iterations with dangling-node handling, host
// driven. The damping factor is uploaded into __constant__ memory with cudaMemcpyToSymbol.
// Out-strengths are accumulated with atomicAdd once; every iteration clears a device scalar
// with cudaMemset, sums the rank mass of dangling nodes (zero out-strength) into it with
// atomicAdd, copies it back to the host, and passes it by value to the push kernel, which
// scatters w_e / s_u * r_u along every out-edge (COO sorted by source, atomicAdd) on top of
// the teleport and dangling share written by an init kernel. Ranks ping-pong with std::swap.
#include <cuda_runtime.h>
#include <utility>

#define TB 32

__constant__ float c_damping;

__global__ void out_strength(int m, const int* __restrict__ src, const float* __restrict__ w, float* __restrict__ s) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e < m) atomicAdd(&s[src[e]], w[e]);
}

__global__ void dangling_mass(int n, const float* __restrict__ s, const float* __restrict__ r, float* __restrict__ acc) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n && s[v] == 0.0f) atomicAdd(acc, r[v]);
}

__global__ void init_rank(int n, const float* __restrict__ teleport, float dangling, float* __restrict__ r_new) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) r_new[v] = (1.0f - c_damping + c_damping * dangling) * teleport[v];
}

__global__ void push_rank(int m, const int* __restrict__ src, const int* __restrict__ dst, const float* __restrict__ w,
                          const float* __restrict__ s, const float* __restrict__ r, float* __restrict__ r_new) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= m) return;
  const int u = __ldg(&src[e]);
  atomicAdd(&r_new[__ldg(&dst[e])], c_damping * __ldg(&w[e]) / s[u] * r[u]);
}

void pagerank_power(int n, int m, const int* src, const int* dst, const float* edge_w, const float* teleport,
                    float damping, int iters, float* rank) {
  int *d_src, *d_dst;
  float *d_w, *d_s, *d_t, *d_r, *d_rn, *d_dm;
  cudaMalloc(&d_src, m * sizeof(int));
  cudaMalloc(&d_dst, m * sizeof(int));
  cudaMalloc(&d_w, m * sizeof(float));
  cudaMalloc(&d_s, n * sizeof(float));
  cudaMalloc(&d_t, n * sizeof(float));
  cudaMalloc(&d_r, n * sizeof(float));
  cudaMalloc(&d_rn, n * sizeof(float));
  cudaMalloc(&d_dm, sizeof(float));
  cudaMemcpy(d_src, src, m * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_dst, dst, m * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, edge_w, m * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_t, teleport, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_r, rank, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpyToSymbol(c_damping, &damping, sizeof(float));
  cudaMemset(d_s, 0, n * sizeof(float));
  const int nb = (n + TB - 1) / TB, eb = (m + TB - 1) / TB;
  out_strength<<<eb, TB>>>(m, d_src, d_w, d_s);
  for (int it = 0; it < iters; ++it) {
    cudaMemset(d_dm, 0, sizeof(float));
    dangling_mass<<<nb, TB>>>(n, d_s, d_r, d_dm);
    float dm = 0.0f;
    cudaMemcpy(&dm, d_dm, sizeof(float), cudaMemcpyDeviceToHost);
    init_rank<<<nb, TB>>>(n, d_t, dm, d_rn);
    push_rank<<<eb, TB>>>(m, d_src, d_dst, d_w, d_s, d_r, d_rn);
    std::swap(d_r, d_rn);
  }
  cudaMemcpy(rank, d_r, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_src);
  cudaFree(d_dst);
  cudaFree(d_w);
  cudaFree(d_s);
  cudaFree(d_t);
  cudaFree(d_r);
  cudaFree(d_rn);
  cudaFree(d_dm);
}
