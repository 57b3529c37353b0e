// cuad: --fn mlp_head --wrt X,W,bias,out
// cuad: fwd --fn mlp_head
// A small inference/training head as application code writes it: every runtime call wrapped in
// a CHECK macro, one cudaStream_t, async H2D copies, cudaMemset of an accumulator, then three
// kernels in sequence: a 2-D dim3-grid dense layer with tanh (H = tanh(X W^T + b)), a row
// reduction with a dynamic shared-memory size (row sums of H^2 into an accumulator), and a
// row-wise scale out = H / sqrt(1 + rowsum). Results copied back async, stream synchronized,
// everything freed.
#include <cstdio>
#include <cstdlib>

#define CHECK(x)                                                         \
  do {                                                                   \
    cudaError_t err = (x);                                               \
    if (err != cudaSuccess) {                                            \
      fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(err)); \
      exit(1);                                                           \
    }                                                                    \
  } while (0)

__global__ void dense_tanh(const double* __restrict__ X, const double* __restrict__ W,
                           const double* __restrict__ b, double* __restrict__ H, int rows,
                           int in, int hid) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r >= rows || c >= hid) return;
  double acc = b[c];
#pragma unroll 4
  for (int k = 0; k < in; ++k) acc += X[r * in + k] * W[c * in + k];
  H[r * hid + c] = tanh(acc);
}

// One block per row; blockDim.x threads stride the row, tree-reduce in dynamic shared memory.
__global__ void row_sumsq(const double* __restrict__ H, double* __restrict__ ss, int hid) {
  extern __shared__ double buf[];
  const int r = blockIdx.x;
  double v = 0.0;
  for (int c = threadIdx.x; c < hid; c += blockDim.x) {
    const double h = H[r * hid + c];
    v += h * h;
  }
  buf[threadIdx.x] = v;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) ss[r] += buf[0];
}

__global__ void row_scale(const double* __restrict__ H, const double* __restrict__ ss,
                          double* __restrict__ out, int rows, int hid) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < rows * hid; i += gridDim.x * blockDim.x) {
    const int r = i / hid;
    out[i] = H[i] * rsqrt(1.0 + ss[r]);
  }
}

void mlp_head(const double* X, const double* W, const double* bias, double* out, int rows, int in,
              int hid) {
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  double *dX, *dW, *db, *dH, *dss, *dout;
  CHECK(cudaMalloc(&dX, rows * in * sizeof(double)));
  CHECK(cudaMalloc(&dW, hid * in * sizeof(double)));
  CHECK(cudaMalloc(&db, hid * sizeof(double)));
  CHECK(cudaMalloc(&dH, rows * hid * sizeof(double)));
  CHECK(cudaMalloc(&dss, rows * sizeof(double)));
  CHECK(cudaMalloc(&dout, rows * hid * sizeof(double)));
  CHECK(cudaMemcpyAsync(dX, X, rows * in * sizeof(double), cudaMemcpyHostToDevice, stream));
  CHECK(cudaMemcpyAsync(dW, W, hid * in * sizeof(double), cudaMemcpyHostToDevice, stream));
  CHECK(cudaMemcpyAsync(db, bias, hid * sizeof(double), cudaMemcpyHostToDevice, stream));
  CHECK(cudaMemsetAsync(dss, 0, rows * sizeof(double), stream));

  dim3 block(16, 8);
  dim3 grid((hid + block.x - 1) / block.x, (rows + block.y - 1) / block.y);
  dense_tanh<<<grid, block, 0, stream>>>(dX, dW, db, dH, rows, in, hid);
  CHECK(cudaGetLastError());
  const int red_threads = 32;
  row_sumsq<<<rows, red_threads, red_threads * sizeof(double), stream>>>(dH, dss, hid);
  CHECK(cudaGetLastError());
  row_scale<<<4, 64, 0, stream>>>(dH, dss, dout, rows, hid);
  CHECK(cudaGetLastError());

  CHECK(cudaMemcpyAsync(out, dout, rows * hid * sizeof(double), cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  CHECK(cudaFree(dX));
  CHECK(cudaFree(dW));
  CHECK(cudaFree(db));
  CHECK(cudaFree(dH));
  CHECK(cudaFree(dss));
  CHECK(cudaFree(dout));
  CHECK(cudaStreamDestroy(stream));
}
