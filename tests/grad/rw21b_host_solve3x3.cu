// cuad: --fn solve3_batched --wrt A,b,x
// Batched small dense solves, one 3x3 system per thread (per-pixel normal equations in the
// style of photometric-stereo / Lucas-Kanade kernels): a Mat3 struct with __device__ member
// functions (element access through a reference-returning operator(), row swap, in-place
// Gaussian elimination with partial pivoting and back substitution). The systems are stored
// as (n, 9) and (n, 3) arrays read through __ldg; a host function stages them and launches
// the kernel.
#include <cuda_runtime.h>

struct Mat3 {
  float m[3][3];

  __device__ __forceinline__ float& operator()(int r, int c) { return m[r][c]; }
  __device__ __forceinline__ float operator()(int r, int c) const { return m[r][c]; }

  __device__ void swap_rows(int r0, int r1, float* rhs) {
#pragma unroll
    for (int c = 0; c < 3; ++c) {
      const float t = m[r0][c];
      m[r0][c] = m[r1][c];
      m[r1][c] = t;
    }
    const float t = rhs[r0];
    rhs[r0] = rhs[r1];
    rhs[r1] = t;
  }

  // Solves M y = rhs in place (rhs becomes y); M is destroyed.
  __device__ void solve_inplace(float* rhs) {
#pragma unroll
    for (int k = 0; k < 3; ++k) {
      int piv = k;
      for (int r = k + 1; r < 3; ++r)
        if (fabsf(m[r][k]) > fabsf(m[piv][k])) piv = r;
      if (piv != k) swap_rows(k, piv, rhs);
      const float inv = 1.0f / m[k][k];
      for (int r = k + 1; r < 3; ++r) {
        const float f = m[r][k] * inv;
        for (int c = k; c < 3; ++c) m[r][c] -= f * m[k][c];
        rhs[r] -= f * rhs[k];
      }
    }
    for (int k = 2; k >= 0; --k) {
      float s = rhs[k];
      for (int c = k + 1; c < 3; ++c) s -= m[k][c] * rhs[c];
      rhs[k] = s / m[k][k];
    }
  }
};

__global__ void __launch_bounds__(128)
    solve3_kernel(const float* __restrict__ A, const float* __restrict__ b,
                  float* __restrict__ x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Mat3 M;
#pragma unroll
  for (int r = 0; r < 3; ++r)
#pragma unroll
    for (int c = 0; c < 3; ++c) M(r, c) = __ldg(A + 9 * i + 3 * r + c);
  float y[3] = {__ldg(b + 3 * i), __ldg(b + 3 * i + 1), __ldg(b + 3 * i + 2)};
  M.solve_inplace(y);
  x[3 * i] = y[0];
  x[3 * i + 1] = y[1];
  x[3 * i + 2] = y[2];
}

void solve3_batched(const float* A, const float* b, float* x, int n) {
  float *dA, *db, *dx;
  cudaMalloc(&dA, 9 * n * sizeof(float));
  cudaMalloc(&db, 3 * n * sizeof(float));
  cudaMalloc(&dx, 3 * n * sizeof(float));
  cudaMemcpy(dA, A, 9 * n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, 3 * n * sizeof(float), cudaMemcpyHostToDevice);
  const int threads = 128;
  solve3_kernel<<<(n + threads - 1) / threads, threads>>>(dA, db, dx, n);
  cudaMemcpy(x, dx, 3 * n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(dA);
  cudaFree(db);
  cudaFree(dx);
}
