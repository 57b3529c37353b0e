// cuad: --fn embed_normalize --wrt x,W,gamma,y
// A host pipeline in the style of an embedding normalizer: a 2-D dim3 launch computes
// h = tanh(W x_b) for a batch of rows, a shared-memory block reduction writes per-block sums
// of squares into a partials buffer, the partials come back into a std::vector on the host,
// the host computes the L2 norm and a scale, and a last kernel on a stream writes
// gamma * h / norm; the result is copied back with cudaMemcpyAsync + cudaStreamSynchronize.
// The return value is a host-side penalty on the norm.
#include <cuda_runtime.h>
#include <vector>
#include <cmath>

#define RED_BLOCK 32

__global__ void project_tanh(const double* W, const double* x, double* h, int rows, int dim,
                             int batch) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;  // output row
  int b = blockIdx.y * blockDim.y + threadIdx.y;  // batch entry
  if (r >= rows || b >= batch) return;
  double acc = 0.0;
  for (int k = 0; k < dim; ++k) acc += W[r * dim + k] * x[b * dim + k];
  h[b * rows + r] = tanh(acc);
}

__global__ void sum_squares(const double* h, double* partial, int n) {
  __shared__ double s[RED_BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? h[i] * h[i] : 0.0;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}

__global__ void scale_out(const double* h, const double* gamma, double inv, double* y, int rows,
                          int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = gamma[i % rows] * h[i] * inv;
}

double embed_normalize(const double* x, const double* W, const double* gamma, double* y,
                       int rows, int dim, int batch) {
  const int n = rows * batch;
  if (n == 0) return 0.0;
  double *d_x, *d_W, *d_gamma, *d_h, *d_part, *d_y;
  const int nblocks = (n + RED_BLOCK - 1) / RED_BLOCK;
  cudaMalloc(&d_x, batch * dim * sizeof(double));
  cudaMalloc(&d_W, rows * dim * sizeof(double));
  cudaMalloc(&d_gamma, rows * sizeof(double));
  cudaMalloc(&d_h, n * sizeof(double));
  cudaMalloc(&d_part, nblocks * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMemcpy(d_x, x, batch * dim * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_W, W, rows * dim * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_gamma, gamma, rows * sizeof(double), cudaMemcpyHostToDevice);

  dim3 block(8, 4);
  dim3 grid((rows + block.x - 1) / block.x, (batch + block.y - 1) / block.y);
  project_tanh<<<grid, block>>>(d_W, d_x, d_h, rows, dim, batch);
  sum_squares<<<nblocks, RED_BLOCK>>>(d_h, d_part, n);

  std::vector<double> part(nblocks);
  cudaMemcpy(part.data(), d_part, nblocks * sizeof(double), cudaMemcpyDeviceToHost);
  double ss = 0.0;
  for (int b = 0; b < nblocks; ++b) ss += part[b];
  const double norm = std::sqrt(ss + 1e-6);
  const double inv = 1.0 / norm;

  cudaStream_t stream;
  cudaStreamCreate(&stream);
  scale_out<<<nblocks, RED_BLOCK, 0, stream>>>(d_h, d_gamma, inv, d_y, rows, n);
  cudaMemcpyAsync(y, d_y, n * sizeof(double), cudaMemcpyDeviceToHost, stream);
  cudaStreamSynchronize(stream);
  cudaStreamDestroy(stream);

  cudaFree(d_x);
  cudaFree(d_W);
  cudaFree(d_gamma);
  cudaFree(d_h);
  cudaFree(d_part);
  cudaFree(d_y);
  return 0.5 * (norm - 2.0) * (norm - 2.0);
}
