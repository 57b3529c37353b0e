// Rank-3 x rank-3 contraction over one shared index:
//   C[i][j][l][m] = sum_k A[i][j][k] * B[k][l][m]
// One thread per output element, with a host driver that allocates, copies and checks errors.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                                    \
  do {                                                                                 \
    cudaError_t err_ = (call);                                                         \
    if (err_ != cudaSuccess) {                                                         \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));    \
      exit(1);                                                                         \
    }                                                                                  \
  } while (0)

struct Dims3 {
  int n0, n1, n2;
};

__device__ __forceinline__ int flat3(int a, int b, int c, Dims3 d) {
  return (a * d.n1 + b) * d.n2 + c;
}

__global__ void contract_rank3(float *C, const float *A, const float *B, Dims3 da, Dims3 db) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int total = da.n0 * da.n1 * db.n1 * db.n2;
  if (idx >= total)
    return;
  int m = idx % db.n2;
  int l = (idx / db.n2) % db.n1;
  int j = (idx / (db.n2 * db.n1)) % da.n1;
  int i = idx / (db.n2 * db.n1 * da.n1);
  float acc = 0.0f;
  for (int k = 0; k < da.n2; ++k) {
    acc += A[flat3(i, j, k, da)] * B[flat3(k, l, m, db)];
  }
  C[idx] = acc;
}

void contract_on_device(float *hC, const float *hA, const float *hB, Dims3 da, Dims3 db) {
  size_t a_bytes = sizeof(float) * da.n0 * da.n1 * da.n2;
  size_t b_bytes = sizeof(float) * db.n0 * db.n1 * db.n2;
  size_t c_count = (size_t)da.n0 * da.n1 * db.n1 * db.n2;
  float *dA, *dB, *dC;
  CHECK(cudaMalloc(&dA, a_bytes));
  CHECK(cudaMalloc(&dB, b_bytes));
  CHECK(cudaMalloc(&dC, c_count * sizeof(float)));
  CHECK(cudaMemcpy(dA, hA, a_bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dB, hB, b_bytes, cudaMemcpyHostToDevice));
  const int threads = 256;
  const int blocks = (int)((c_count + threads - 1) / threads);
  contract_rank3<<<blocks, threads>>>(dC, dA, dB, da, db);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(hC, dC, c_count * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(dA));
  CHECK(cudaFree(dB));
  CHECK(cudaFree(dC));
}
