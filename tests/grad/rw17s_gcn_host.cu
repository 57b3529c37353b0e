// cuad: --fn gcn_train_loss --wrt X,W1,b1,W2,b2
// A two-layer GCN forward pass and training loss, as a small GNN code writes it without a
// framework: the host copies the graph (CSR without self loops) and the parameters to the
// device, one kernel computes the symmetric normalisation deg^-1/2 (self loop included)
// from the row pointers, a shared-memory tiled GEMM (2-D dim3 grid, TILE x TILE blocks)
// computes X W, an aggregation kernel (one thread per (node, feature), a template flag for
// the tanh activation) computes D^-1/2 (A + I) D^-1/2 (X W) + b, and a per-node
// log-softmax + NLL kernel over the labelled nodes adds into a device scalar with atomicAdd.
// The loss comes back with cudaMemcpy; every buffer is freed.
#include <cuda_runtime.h>
#include <cmath>

#define TILE 8

__global__ void gcn_norm(const int* __restrict__ rowptr, double* __restrict__ dinv, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dinv[i] = rsqrt((double)(rowptr[i + 1] - rowptr[i] + 1));
}

// Out[n x m] = A[n x k] * W[k x m], row-major.
__global__ void gemm_tiled(const double* __restrict__ A, const double* __restrict__ W,
                           double* __restrict__ Out, int n, int k, int m) {
  __shared__ double sA[TILE][TILE];
  __shared__ double sW[TILE][TILE];
  const int row = blockIdx.y * TILE + threadIdx.y;
  const int col = blockIdx.x * TILE + threadIdx.x;
  double acc = 0.0;
  for (int t = 0; t < (k + TILE - 1) / TILE; ++t) {
    const int ka = t * TILE + threadIdx.x, kw = t * TILE + threadIdx.y;
    sA[threadIdx.y][threadIdx.x] = (row < n && ka < k) ? A[row * k + ka] : 0.0;
    sW[threadIdx.y][threadIdx.x] = (kw < k && col < m) ? W[kw * m + col] : 0.0;
    __syncthreads();
#pragma unroll
    for (int q = 0; q < TILE; ++q) acc += sA[threadIdx.y][q] * sW[q][threadIdx.x];
    __syncthreads();
  }
  if (row < n && col < m) Out[row * m + col] = acc;
}

template <bool ACT>
__global__ void gcn_aggregate(const int* __restrict__ rowptr, const int* __restrict__ col,
                              const double* __restrict__ dinv, const double* __restrict__ XW,
                              const double* __restrict__ bias, double* __restrict__ H, int n,
                              int f) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= n * f) return;
  const int i = idx / f, c = idx % f;
  const double di = dinv[i];
  double acc = di * XW[i * f + c];  // self loop
  for (int e = rowptr[i]; e < rowptr[i + 1]; ++e) {
    const int j = col[e];
    acc += dinv[j] * XW[j * f + c];
  }
  double h = di * acc + bias[c];
  if (ACT) h = tanh(h);
  H[idx] = h;
}

__global__ void log_softmax_nll(const double* __restrict__ Z, const int* __restrict__ labels,
                                double* __restrict__ loss, int n, int ncls, double inv_count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || labels[i] < 0) return;  // unlabelled node
  const double* z = Z + i * ncls;
  double mx = z[0];
  for (int c = 1; c < ncls; ++c) mx = fmax(mx, z[c]);
  double s = 0.0;
  for (int c = 0; c < ncls; ++c) s += exp(z[c] - mx);
  const double lse = mx + log(s);
  atomicAdd(loss, (lse - z[labels[i]]) * inv_count);
}

double gcn_train_loss(const double* X, const double* W1, const double* b1, const double* W2,
                      const double* b2, const int* rowptr, const int* col, const int* labels,
                      int n, int nnz, int fin, int fhid, int ncls, int n_labelled) {
  int *d_rowptr, *d_col, *d_labels;
  double *d_X, *d_W1, *d_b1, *d_W2, *d_b2, *d_dinv, *d_XW1, *d_H1, *d_XW2, *d_Z, *d_loss;
  cudaMalloc(&d_rowptr, (n + 1) * sizeof(int));
  cudaMalloc(&d_col, nnz * sizeof(int));
  cudaMalloc(&d_labels, n * sizeof(int));
  cudaMalloc(&d_X, n * fin * sizeof(double));
  cudaMalloc(&d_W1, fin * fhid * sizeof(double));
  cudaMalloc(&d_b1, fhid * sizeof(double));
  cudaMalloc(&d_W2, fhid * ncls * sizeof(double));
  cudaMalloc(&d_b2, ncls * sizeof(double));
  cudaMalloc(&d_dinv, n * sizeof(double));
  cudaMalloc(&d_XW1, n * fhid * sizeof(double));
  cudaMalloc(&d_H1, n * fhid * sizeof(double));
  cudaMalloc(&d_XW2, n * ncls * sizeof(double));
  cudaMalloc(&d_Z, n * ncls * sizeof(double));
  cudaMalloc(&d_loss, sizeof(double));
  cudaMemcpy(d_rowptr, rowptr, (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_col, col, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_labels, labels, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_X, X, n * fin * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_W1, W1, fin * fhid * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b1, b1, fhid * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_W2, W2, fhid * ncls * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b2, b2, ncls * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_loss, 0, sizeof(double));

  const int threads = 64;
  gcn_norm<<<(n + threads - 1) / threads, threads>>>(d_rowptr, d_dinv, n);

  dim3 block(TILE, TILE);
  dim3 grid1((fhid + TILE - 1) / TILE, (n + TILE - 1) / TILE);
  gemm_tiled<<<grid1, block>>>(d_X, d_W1, d_XW1, n, fin, fhid);
  gcn_aggregate<true><<<(n * fhid + threads - 1) / threads, threads>>>(
      d_rowptr, d_col, d_dinv, d_XW1, d_b1, d_H1, n, fhid);

  dim3 grid2((ncls + TILE - 1) / TILE, (n + TILE - 1) / TILE);
  gemm_tiled<<<grid2, block>>>(d_H1, d_W2, d_XW2, n, fhid, ncls);
  gcn_aggregate<false><<<(n * ncls + threads - 1) / threads, threads>>>(
      d_rowptr, d_col, d_dinv, d_XW2, d_b2, d_Z, n, ncls);

  log_softmax_nll<<<(n + threads - 1) / threads, threads>>>(d_Z, d_labels, d_loss, n, ncls,
                                                           1.0 / n_labelled);
  double loss = 0.0;
  cudaMemcpy(&loss, d_loss, sizeof(double), cudaMemcpyDeviceToHost);

  cudaFree(d_rowptr);
  cudaFree(d_col);
  cudaFree(d_labels);
  cudaFree(d_X);
  cudaFree(d_W1);
  cudaFree(d_b1);
  cudaFree(d_W2);
  cudaFree(d_b2);
  cudaFree(d_dinv);
  cudaFree(d_XW1);
  cudaFree(d_H1);
  cudaFree(d_XW2);
  cudaFree(d_Z);
  cudaFree(d_loss);
  return loss;
}
