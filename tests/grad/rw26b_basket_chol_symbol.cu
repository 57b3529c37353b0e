// cuad: --fn basket_price --wrt corr,vol,spot,weight
// cuad: fwd --fn basket_price --wrt corr,vol,spot,weight
// Basket call on NA correlated assets, the setup done on the host as a pricing library does
// it: the host function factors the correlation matrix with a Cholesky decomposition in a
// local host array (in place, lower triangle), uploads the factor, the vols and the spots to
// __constant__ memory with cudaMemcpyToSymbol (the basket weights one by one, with byte
// offsets), and launches a kernel template on the asset count. Each thread simulates a pair
// of antithetic terminal vectors from precomputed normals (grid-stride over path pairs), the
// block reduces the discounted payoffs in dynamic shared memory split into two arrays (plain
// and antithetic sums, combined at the end), and thread 0 adds the block's estimate into the
// price with atomicAdd. The price is copied back and returned.
#include <cuda_runtime.h>
#include <cmath>

#define NA 4

__constant__ double c_chol[NA * NA];
__constant__ double c_vol[NA];
__constant__ double c_spot[NA];
__constant__ double c_weight[NA];

template <int N>
__global__ void basket_kernel(const double* __restrict__ z, int n_pairs, double r, double T,
                              double K, double* price) {
  extern __shared__ double smem[];
  double* s_plus = smem;
  double* s_minus = smem + blockDim.x;
  const int tid = threadIdx.x;
  double acc_p = 0.0, acc_m = 0.0;
  for (int p = blockIdx.x * blockDim.x + tid; p < n_pairs; p += gridDim.x * blockDim.x) {
    double basket_p = 0.0, basket_m = 0.0;
#pragma unroll
    for (int i = 0; i < N; ++i) {
      double corr_z = 0.0;
      for (int j = 0; j <= i; ++j) corr_z += c_chol[i * N + j] * z[p * N + j];
      const double drift = (r - 0.5 * c_vol[i] * c_vol[i]) * T;
      const double diff = c_vol[i] * sqrt(T) * corr_z;
      basket_p += c_weight[i] * c_spot[i] * exp(drift + diff);
      basket_m += c_weight[i] * c_spot[i] * exp(drift - diff);
    }
    acc_p += fmax(basket_p - K, 0.0);
    acc_m += fmax(basket_m - K, 0.0);
  }
  s_plus[tid] = acc_p;
  s_minus[tid] = acc_m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      s_plus[tid] += s_plus[tid + s];
      s_minus[tid] += s_minus[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) atomicAdd(price, exp(-r * T) * 0.5 * (s_plus[0] + s_minus[0]) / n_pairs);
}

double basket_price(const double* corr, const double* vol, const double* spot,
                    const double* weight, const double* z, int n_pairs, double r, double T,
                    double K) {
  double L[NA * NA];
  for (int i = 0; i < NA * NA; ++i) L[i] = corr[i];
  for (int j = 0; j < NA; ++j) {
    for (int k = 0; k < j; ++k) L[j * NA + j] -= L[j * NA + k] * L[j * NA + k];
    L[j * NA + j] = sqrt(L[j * NA + j]);
    for (int i = j + 1; i < NA; ++i) {
      for (int k = 0; k < j; ++k) L[i * NA + j] -= L[i * NA + k] * L[j * NA + k];
      L[i * NA + j] /= L[j * NA + j];
    }
  }
  for (int i = 0; i < NA; ++i)
    for (int j = i + 1; j < NA; ++j) L[i * NA + j] = 0.0;
  cudaMemcpyToSymbol(c_chol, L, sizeof(L));
  cudaMemcpyToSymbol(c_vol, vol, NA * sizeof(double));
  cudaMemcpyToSymbol(c_spot, spot, NA * sizeof(double));
  for (int i = 0; i < NA; ++i)
    cudaMemcpyToSymbol(c_weight, &weight[i], sizeof(double), i * sizeof(double));
  double* d_z;
  double* d_price;
  cudaMalloc(&d_z, (size_t)n_pairs * NA * sizeof(double));
  cudaMalloc(&d_price, sizeof(double));
  cudaMemcpy(d_z, z, (size_t)n_pairs * NA * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_price, 0, sizeof(double));
  const int threads = 32;
  basket_kernel<NA><<<2, threads, 2 * threads * sizeof(double)>>>(d_z, n_pairs, r, T, K, d_price);
  double price = 0.0;
  cudaMemcpy(&price, d_price, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_z);
  cudaFree(d_price);
  return price;
}
