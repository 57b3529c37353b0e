// cuad: --fn fit_unrolled --wrt data,lr,beta,w0,wT
// Hyper-gradients through an unrolled optimizer: heavy-ball momentum on a ridge-regularized
// logistic regression. The caller owns the data set on the device (`Dataset`: features,
// labels, the ridge weight and the sizes) and passes it by const reference; the optimizer
// keeps its weights, velocity, gradient and a per-sample error workspace (only the kernels
// write it) in an `Optimizer` struct with default member initializers, set up by
// `opt_init(Optimizer&, ...)`, advanced by `opt_step(Optimizer&, const Dataset&)` (gradient
// kernels, then the momentum update kernel) and freed by `opt_free(Optimizer*)`.
#include <cuda_runtime.h>

struct Dataset {
  double* X;     // m x d, row-major
  double* y;     // m labels in (0, 1)
  double ridge;
  int m;
  int d;
};

struct Optimizer {
  double* w = nullptr;
  double* vel = nullptr;
  double* grad = nullptr;
  double* err = nullptr;  // per-sample errors, m
  double lr = 0.1;
  double beta = 0.9;
  int d = 0;
};

__global__ void residuals(const double* X, const double* y, const double* w, double* err,
                          int m, int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= m) return;
  double z = 0.0;
  for (int j = 0; j < d; ++j) z += X[i * d + j] * w[j];
  err[i] = 1.0 / (1.0 + exp(-z)) - y[i];
}

__global__ void gradient(const double* X, const double* err, const double* w, double* g,
                         double ridge, int m, int d) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= d) return;
  double s = 0.0;
  for (int i = 0; i < m; ++i) s += X[i * d + j] * err[i];
  g[j] = s / m + ridge * w[j];
}

__global__ void heavy_ball(double* w, double* vel, const double* g, double lr, double beta,
                           int d) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < d) {
    vel[j] = beta * vel[j] + g[j];
    w[j] -= lr * vel[j];
  }
}

static void opt_init(Optimizer& o, const double* h_w0, int m, int d, double lr, double beta) {
  o.d = d;
  o.lr = lr;
  o.beta = beta;
  cudaMalloc(&o.w, d * sizeof(double));
  cudaMalloc(&o.vel, d * sizeof(double));
  cudaMalloc(&o.grad, d * sizeof(double));
  cudaMalloc(&o.err, m * sizeof(double));
  cudaMemcpy(o.w, h_w0, d * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(o.vel, 0, d * sizeof(double));
}

static void opt_step(Optimizer& o, const Dataset& ds) {
  const int threads = 64;
  residuals<<<(ds.m + threads - 1) / threads, threads>>>(ds.X, ds.y, o.w, o.err, ds.m, ds.d);
  gradient<<<(o.d + threads - 1) / threads, threads>>>(ds.X, o.err, o.w, o.grad, ds.ridge,
                                                        ds.m, o.d);
  heavy_ball<<<(o.d + threads - 1) / threads, threads>>>(o.w, o.vel, o.grad, o.lr, o.beta, o.d);
}

static void opt_free(Optimizer* o) {
  cudaFree(o->w);
  cudaFree(o->vel);
  cudaFree(o->grad);
  cudaFree(o->err);
}

void fit_unrolled(const Dataset& data, double lr, double beta, const double* w0, double* wT,
                  int iters) {
  Optimizer opt;
  opt_init(opt, w0, data.m, data.d, lr, beta);
  for (int it = 0; it < iters; ++it) opt_step(opt, data);
  cudaMemcpy(wT, opt.w, data.d * sizeof(double), cudaMemcpyDeviceToHost);
  opt_free(&opt);
}
