// cuad: --fn softplus_rowsum --wrt x,scale,out
// cuad: fwd --fn softplus_rowsum
// Unified-memory host code: cudaMallocManaged buffers filled and read by plain host loops, a
// block-size templated kernel launched on a stream as `k<64><<<g, b, 0, stream>>>` (one block
// per row, static shared-memory tree reduction of softplus(scale * x)), a second templated
// instance for a different block size on the narrow tail, cudaStreamSynchronize before the host
// reads the managed results.
#include <cmath>

template <int BLOCK>
__global__ void softplus_rows(const double* __restrict__ x, double* __restrict__ rs, double scale,
                              int row0, int cols) {
  __shared__ double sm[BLOCK];
  const int r = row0 + blockIdx.x;
  double acc = 0.0;
  for (int c = threadIdx.x; c < cols; c += BLOCK) {
    const double z = scale * x[r * cols + c];
    acc += log1p(exp(z));
  }
  sm[threadIdx.x] = acc;
  __syncthreads();
#pragma unroll
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sm[threadIdx.x] += sm[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) rs[r] = sm[0];
}

void softplus_rowsum(const double* x, double scale, double* out, int rows, int cols) {
  cudaStream_t st;
  cudaStreamCreate(&st);
  double *mx, *mrs;
  cudaMallocManaged(&mx, rows * cols * sizeof(double));
  cudaMallocManaged(&mrs, rows * sizeof(double));
  for (int i = 0; i < rows * cols; ++i) mx[i] = x[i];
  const int wide = rows / 2;  // first half with 64-thread blocks, the rest with 32
  softplus_rows<64><<<wide, 64, 0, st>>>(mx, mrs, scale, 0, cols);
  softplus_rows<32><<<rows - wide, 32, 0, st>>>(mx, mrs, scale, wide, cols);
  cudaStreamSynchronize(st);
  for (int r = 0; r < rows; ++r) out[r] = mrs[r] / cols;
  cudaFree(mx);
  cudaFree(mrs);
  cudaStreamDestroy(st);
}
