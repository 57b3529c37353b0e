// cuad: --fn personalized_pagerank --wrt ew,teleport,rank
// cuad: fwd --fn personalized_pagerank --wrt ew,teleport,rank
// Personalized PageRank on a weighted directed graph by power iteration, host-driven:
// out-strengths of the sources are accumulated with atomicAdd, each iteration pulls
// r_new[v] = (1 - d) * t[v] + d * sum_{(u->v)} w_uv / s_u * r[u] over the CSR of in-edges,
// and a second kernel reduces |r_new - r|^2 into per-block partials that the host sums to
// decide convergence (while loop with a tolerance and an iteration cap); the two rank
// buffers are swapped with std::swap. The final ranks overwrite `rank` (also the start
// vector); returns the number of iterations taken.
#include <cuda_runtime.h>
#include <utility>
#include <vector>

#define BLOCK 32

__global__ void out_strength(int n_edges, const int* __restrict__ src, const float* __restrict__ w,
                             float* __restrict__ strength) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e < n_edges) atomicAdd(&strength[src[e]], w[e]);
}

__global__ void pagerank_pull(int n, const int* __restrict__ indptr, const int* __restrict__ src,
                              const float* __restrict__ w, const float* __restrict__ strength,
                              const float* __restrict__ teleport, float damping,
                              const float* __restrict__ r, float* __restrict__ r_new) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n) return;
  float acc = 0.0f;
  for (int e = indptr[v]; e < indptr[v + 1]; ++e) {
    const int u = src[e];
    acc += w[e] / strength[u] * r[u];
  }
  r_new[v] = (1.0f - damping) * teleport[v] + damping * acc;
}

__global__ void sq_diff_partial(int n, const float* __restrict__ a, const float* __restrict__ b,
                                float* __restrict__ partial) {
  __shared__ float s[BLOCK];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float d = i < n ? a[i] - b[i] : 0.0f;
  s[threadIdx.x] = d * d;
  __syncthreads();
  for (int k = BLOCK / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

int personalized_pagerank(int n, int n_edges, const int* indptr, const int* src, const float* ew,
                          const float* teleport, float* rank, float damping, float tol, int max_iter) {
  int *d_indptr, *d_src;
  float *d_w, *d_s, *d_t, *d_r, *d_rn, *d_part;
  const int blocks = (n + BLOCK - 1) / BLOCK;
  cudaMalloc(&d_indptr, (n + 1) * sizeof(int));
  cudaMalloc(&d_src, n_edges * sizeof(int));
  cudaMalloc(&d_w, n_edges * sizeof(float));
  cudaMalloc(&d_s, n * sizeof(float));
  cudaMalloc(&d_t, n * sizeof(float));
  cudaMalloc(&d_r, n * sizeof(float));
  cudaMalloc(&d_rn, n * sizeof(float));
  cudaMalloc(&d_part, blocks * sizeof(float));
  cudaMemcpy(d_indptr, indptr, (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_src, src, n_edges * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, ew, n_edges * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_t, teleport, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_r, rank, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_s, 0, n * sizeof(float));
  out_strength<<<(n_edges + BLOCK - 1) / BLOCK, BLOCK>>>(n_edges, d_src, d_w, d_s);

  std::vector<float> part(blocks);
  int it = 0;
  float diff = 1e30f;
  while (diff > tol && it < max_iter) {
    pagerank_pull<<<blocks, BLOCK>>>(n, d_indptr, d_src, d_w, d_s, d_t, damping, d_r, d_rn);
    sq_diff_partial<<<blocks, BLOCK>>>(n, d_rn, d_r, d_part);
    cudaMemcpy(part.data(), d_part, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    diff = 0.0f;
    for (int b = 0; b < blocks; ++b) diff += part[b];
    std::swap(d_r, d_rn);
    ++it;
  }
  cudaMemcpy(rank, d_r, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_indptr);
  cudaFree(d_src);
  cudaFree(d_w);
  cudaFree(d_s);
  cudaFree(d_t);
  cudaFree(d_r);
  cudaFree(d_rn);
  cudaFree(d_part);
  return it;
}
