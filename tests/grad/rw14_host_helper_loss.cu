// cuad: --fn fit_loss --wrt theta,xs
// A model-fitting loss as a host function: parameters and inputs staged in new[]/malloc host
// buffers, a kernel evaluates a damped-oscillator model at every sample, the predictions come
// back into a new[] buffer, and host helpers (plain host functions) compute a Huber-free
// weighted MSE plus an L2 regularizer on the parameters. Returns the loss as a double.
#include <cstdlib>

__global__ void model_eval(const double* __restrict__ th, const double* __restrict__ x,
                           double* __restrict__ pred, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double amp = th[0], decay = th[1], freq = th[2], phase = th[3];
  pred[i] = amp * exp(-decay * x[i]) * cos(freq * x[i] + phase);
}

static double weighted_mse(const double* pred, const double* target, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    const double r = pred[i] - target[i];
    const double wgt = 1.0 + 0.5 * (i % 3);
    s += wgt * r * r;
  }
  return s / n;
}

static double l2_reg(const double* th, int p, double lambda) {
  double s = 0.0;
  for (int k = 0; k < p; ++k) s += th[k] * th[k];
  return lambda * s;
}

double fit_loss(const double* theta, const double* xs, const double* target, int n, double lambda) {
  const int p = 4;
  double* th_host = new double[p];
  for (int k = 0; k < p; ++k) th_host[k] = theta[k];
  double* x_host = (double*)malloc(n * sizeof(double));
  for (int i = 0; i < n; ++i) x_host[i] = xs[i];
  double *d_th, *d_x, *d_pred;
  cudaMalloc(&d_th, p * sizeof(double));
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_pred, n * sizeof(double));
  cudaMemcpy(d_th, th_host, p * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x_host, n * sizeof(double), cudaMemcpyHostToDevice);
  model_eval<<<(n + 63) / 64, 64>>>(d_th, d_x, d_pred, n);
  double* pred = new double[n];
  cudaMemcpy(pred, d_pred, n * sizeof(double), cudaMemcpyDeviceToHost);
  const double loss = weighted_mse(pred, target, n) + l2_reg(th_host, p, lambda);
  delete[] pred;
  delete[] th_host;
  free(x_host);
  cudaFree(d_th);
  cudaFree(d_x);
  cudaFree(d_pred);
  return loss;
}
