// cuad: --fn graphsage_mean<float> --wrt x,w_self,w_neigh,out
// cuad: fwd --fn graphsage_mean<float> --wrt x,w_self,w_neigh,out
// A GraphSAGE layer with the mean aggregator, host-driven and templated on the value type:
// out_v = softplus( W_self x_v + W_neigh mean_{u in N(v)} x_u ). The aggregation
// kernel is a templated CSR SpMM that stages the two weight matrices in dynamic shared
// memory declared as raw bytes (`extern __shared__ unsigned char smem[]`, reinterpreted as
// T*), one thread per node, and applies both matrices and a softplus in the same thread.
#include <cuda_runtime.h>
#include <math.h>

#define DIN 3
#define DOUT 2

template <typename T>
__device__ __forceinline__ T softplus(T z) {
  return z > T(15) ? z : log1p(exp(z));
}

template <typename T>
__global__ void sage_mean_kernel(int n, const int* __restrict__ indptr, const int* __restrict__ nbr,
                                 const T* __restrict__ x, const T* __restrict__ w_self,
                                 const T* __restrict__ w_neigh, T* __restrict__ out) {
  extern __shared__ unsigned char smem[];
  T* ws = reinterpret_cast<T*>(smem);
  T* wn = ws + DIN * DOUT;
  for (int q = threadIdx.x; q < DIN * DOUT; q += blockDim.x) {
    ws[q] = w_self[q];
    wn[q] = w_neigh[q];
  }
  __syncthreads();
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n) return;
  T mean[DIN];
  for (int f = 0; f < DIN; ++f) mean[f] = T(0);
  const int beg = indptr[v], end = indptr[v + 1];
  for (int k = beg; k < end; ++k)
    for (int f = 0; f < DIN; ++f) mean[f] += x[nbr[k] * DIN + f];
  const T inv = end > beg ? T(1) / T(end - beg) : T(0);
  for (int o = 0; o < DOUT; ++o) {
    T z = T(0);
    for (int f = 0; f < DIN; ++f) z += ws[o * DIN + f] * x[v * DIN + f] + wn[o * DIN + f] * mean[f] * inv;
    out[v * DOUT + o] = softplus(z);
  }
}

template <typename T>
void graphsage_mean(int n, const int* indptr, const int* nbr, const T* x, const T* w_self, const T* w_neigh,
                    T* out) {
  const int nnz = indptr[n];
  int *d_ip, *d_nbr;
  T *d_x, *d_ws, *d_wn, *d_out;
  cudaMalloc(&d_ip, (n + 1) * sizeof(int));
  cudaMalloc(&d_nbr, nnz * sizeof(int));
  cudaMalloc(&d_x, n * DIN * sizeof(T));
  cudaMalloc(&d_ws, DIN * DOUT * sizeof(T));
  cudaMalloc(&d_wn, DIN * DOUT * sizeof(T));
  cudaMalloc(&d_out, n * DOUT * sizeof(T));
  cudaMemcpy(d_ip, indptr, (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_nbr, nbr, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, n * DIN * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(d_ws, w_self, DIN * DOUT * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(d_wn, w_neigh, DIN * DOUT * sizeof(T), cudaMemcpyHostToDevice);
  const int threads = 32, blocks = (n + threads - 1) / threads;
  const size_t shmem = 2 * DIN * DOUT * sizeof(T);
  sage_mean_kernel<T><<<blocks, threads, shmem>>>(n, d_ip, d_nbr, d_x, d_ws, d_wn, d_out);
  cudaMemcpy(out, d_out, n * DOUT * sizeof(T), cudaMemcpyDeviceToHost);
  cudaFree(d_ip);
  cudaFree(d_nbr);
  cudaFree(d_x);
  cudaFree(d_ws);
  cudaFree(d_wn);
  cudaFree(d_out);
}

template void graphsage_mean<float>(int, const int*, const int*, const float*, const float*, const float*, float*);
