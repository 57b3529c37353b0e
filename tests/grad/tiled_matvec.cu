// cuad: --fn matvec_tiled --wrt A,x,y
// Matrix-vector product staging x through a shared tile: barriers inside the tile loop, a
// bounded inner loop over the tile, tanh of the row sum.
#define TILE 32
__global__ void matvec_tiled(const float* A, const float* x, float* y, int n) {
  __shared__ float xs[TILE];
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.f;
  for (int t0 = 0; t0 < n; t0 += TILE) {
    if (t0 + threadIdx.x < n) xs[threadIdx.x] = x[t0 + threadIdx.x];
    else xs[threadIdx.x] = 0.f;
    __syncthreads();
    if (row < n) {
      for (int k = 0; k < TILE && t0 + k < n; ++k) acc += A[row * n + t0 + k] * xs[k];
    }
    __syncthreads();
  }
  if (row < n) y[row] = tanhf(acc);
}
