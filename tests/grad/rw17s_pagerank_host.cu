// cuad: --fn personalized_pagerank --wrt w,pers,damping,rank
// Weighted personalized PageRank by power iteration, as a host driver writes it: the edge
// list (COO, src/dst) and weights go to the device, one kernel sums each node's out-weight
// with atomicAdd, the rank starts as a device-to-device copy of the personalization vector,
// then each iteration clears the next buffer (cudaMemset), pushes r[src] * w / wsum[src]
// along every edge with atomicAdd (grid-stride loop over edges), collects the rank of
// dangling nodes (no out-edges) with a shared-memory block reduction + atomicAdd into a
// device scalar, and applies teleport + damping; the two rank buffers are swapped with
// std::swap. The result is copied back to the host.
#include <cuda_runtime.h>
#include <utility>

#define BLOCK 64

__global__ void out_weight_sum(const int* __restrict__ src, const double* __restrict__ w,
                               double* __restrict__ wsum, int m) {
  for (int e = blockIdx.x * blockDim.x + threadIdx.x; e < m; e += blockDim.x * gridDim.x)
    atomicAdd(&wsum[src[e]], w[e]);
}

__global__ void push_contrib(const int* __restrict__ src, const int* __restrict__ dst,
                             const double* __restrict__ w, const double* __restrict__ wsum,
                             const double* __restrict__ r, double* __restrict__ next, int m) {
  for (int e = blockIdx.x * blockDim.x + threadIdx.x; e < m; e += blockDim.x * gridDim.x) {
    const int s = src[e];
    atomicAdd(&next[dst[e]], r[s] * w[e] / wsum[s]);
  }
}

__global__ void dangling_mass(const double* __restrict__ wsum, const double* __restrict__ r,
                              double* __restrict__ mass, int n) {
  __shared__ double part[BLOCK];
  const int i = blockIdx.x * BLOCK + threadIdx.x;
  part[threadIdx.x] = (i < n && wsum[i] == 0.0) ? r[i] : 0.0;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(mass, part[0]);
}

__global__ void teleport(const double* __restrict__ pers, const double* __restrict__ next,
                         const double* __restrict__ mass, double* __restrict__ r_new,
                         double damping, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) r_new[i] = (1.0 - damping) * pers[i] + damping * (next[i] + mass[0] * pers[i]);
}

void personalized_pagerank(const double* w, const double* pers, double damping,
                           const int* src, const int* dst, int n, int m, int iters,
                           double* rank) {
  int *d_src, *d_dst;
  double *d_w, *d_pers, *d_wsum, *d_r, *d_rnew, *d_next, *d_mass;
  cudaMalloc(&d_src, m * sizeof(int));
  cudaMalloc(&d_dst, m * sizeof(int));
  cudaMalloc(&d_w, m * sizeof(double));
  cudaMalloc(&d_pers, n * sizeof(double));
  cudaMalloc(&d_wsum, n * sizeof(double));
  cudaMalloc(&d_r, n * sizeof(double));
  cudaMalloc(&d_rnew, n * sizeof(double));
  cudaMalloc(&d_next, n * sizeof(double));
  cudaMalloc(&d_mass, sizeof(double));
  cudaMemcpy(d_src, src, m * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_dst, dst, m * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, w, m * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_pers, pers, n * sizeof(double), cudaMemcpyHostToDevice);

  const int eblocks = 2;  // fewer threads than edges: grid-stride
  const int nblocks = (n + BLOCK - 1) / BLOCK;
  cudaMemset(d_wsum, 0, n * sizeof(double));
  out_weight_sum<<<eblocks, BLOCK>>>(d_src, d_w, d_wsum, m);
  cudaMemcpy(d_r, d_pers, n * sizeof(double), cudaMemcpyDeviceToDevice);

  for (int it = 0; it < iters; ++it) {
    cudaMemset(d_next, 0, n * sizeof(double));
    cudaMemset(d_mass, 0, sizeof(double));
    push_contrib<<<eblocks, BLOCK>>>(d_src, d_dst, d_w, d_wsum, d_r, d_next, m);
    dangling_mass<<<nblocks, BLOCK>>>(d_wsum, d_r, d_mass, n);
    teleport<<<nblocks, BLOCK>>>(d_pers, d_next, d_mass, d_rnew, damping, n);
    std::swap(d_r, d_rnew);
  }
  cudaMemcpy(rank, d_r, n * sizeof(double), cudaMemcpyDeviceToHost);

  cudaFree(d_src);
  cudaFree(d_dst);
  cudaFree(d_w);
  cudaFree(d_pers);
  cudaFree(d_wsum);
  cudaFree(d_r);
  cudaFree(d_rnew);
  cudaFree(d_next);
  cudaFree(d_mass);
}
