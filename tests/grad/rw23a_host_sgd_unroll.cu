// cuad: --fn unrolled_sgd_loss --wrt X,y,w0,lr
// Unrolled training for meta-learning / hyperparameter gradients: a host loop runs `steps`
// full-batch SGD steps of a linear model with a softplus-smoothed absolute loss, each step a
// forward kernel (one thread per sample, residual r_i = x_i . w - y_i), a hand-written
// backward kernel that scatters sample gradients into the weight gradient with atomicAdd
// (cleared by cudaMemset every step), and an in-place update kernel; the weights stay on
// the device across steps. At the end a validation loss on the same batch is reduced into
// a device scalar with a shared-memory tree and one atomicAdd per block and copied back.
// Differentiated w.r.t. the data, the initial weights and the learning rate.
#include <cuda_runtime.h>
#include <math.h>

__device__ __forceinline__ double softabs(double r, double beta) {
  // smooth |r|: log(cosh(beta r)) / beta, written with softplus for stability
  const double a = fabs(beta * r);
  return (a + log1p(exp(-2.0 * a)) - log(2.0)) / beta;
}

__global__ void residuals(const double* __restrict__ X, const double* __restrict__ y, const double* __restrict__ w,
                          double* __restrict__ r, int n, int d) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double s = -y[i];
  for (int j = 0; j < d; ++j) s += X[i * d + j] * w[j];
  r[i] = s;
}

__global__ void backward_atomic(const double* __restrict__ X, const double* __restrict__ r, double* __restrict__ g,
                                int n, int d, double beta) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double dr = tanh(beta * r[i]) / n;  // d softabs / d r, averaged
  for (int j = 0; j < d; ++j) atomicAdd(&g[j], dr * X[i * d + j]);
}

__global__ void sgd_update(double* __restrict__ w, const double* __restrict__ g, double lr, int d) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < d) w[j] -= lr * g[j];
}

__global__ void val_loss(const double* __restrict__ r, double* __restrict__ out, int n, double beta) {
  __shared__ double s[64];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = (i < n) ? softabs(r[i], beta) : 0.0;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, s[0] / n);
}

double unrolled_sgd_loss(const double* X, const double* y, const double* w0, double lr, int n, int d, int steps,
                         double beta) {
  double *d_X, *d_y, *d_w, *d_r, *d_g, *d_loss;
  cudaMalloc(&d_X, n * d * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMalloc(&d_w, d * sizeof(double));
  cudaMalloc(&d_r, n * sizeof(double));
  cudaMalloc(&d_g, d * sizeof(double));
  cudaMalloc(&d_loss, sizeof(double));
  cudaMemcpy(d_X, X, n * d * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_y, y, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, w0, d * sizeof(double), cudaMemcpyHostToDevice);
  const int nb = (n + 63) / 64;
  for (int step = 0; step < steps; ++step) {
    residuals<<<nb, 64>>>(d_X, d_y, d_w, d_r, n, d);
    cudaMemset(d_g, 0, d * sizeof(double));
    backward_atomic<<<nb, 64>>>(d_X, d_r, d_g, n, d, beta);
    sgd_update<<<1, 32>>>(d_w, d_g, lr, d);
  }
  residuals<<<nb, 64>>>(d_X, d_y, d_w, d_r, n, d);
  cudaMemset(d_loss, 0, sizeof(double));
  val_loss<<<nb, 64>>>(d_r, d_loss, n, beta);
  double loss = 0.0;
  cudaMemcpy(&loss, d_loss, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_X);
  cudaFree(d_y);
  cudaFree(d_w);
  cudaFree(d_r);
  cudaFree(d_g);
  cudaFree(d_loss);
  return loss;
}
