// cuad: --fn adam_fit --wrt st,X,y,lr,beta1,beta2
// Hyper-gradients through Adam steps on the caller's optimizer state: a training loop
// resumed from a checkpoint. The caller owns the weights, the first and second moments, a
// gradient buffer and a per-sample residual workspace on the device, bundled in `AdamState`
// (a struct of device pointers) handed by const reference; `adam_fit` updates them in place.
// Each step: per-sample residuals of a tanh regression (`if (i >= m) return;`), the
// per-feature gradient with weight decay, then the Adam update with bias corrections that
// the host computes from the global step counter (PyTorch style) in a grid-stride loop.
#include <cuda_runtime.h>
#include <math.h>

struct AdamState {
  double* w;     // d weights
  double* m;     // d first moments
  double* v;     // d second moments (positive: resumed from a checkpoint)
  double* grad;  // d, written by the gradient kernel
  double* res;   // m per-sample residuals
};

__global__ void tanh_residuals(const double* __restrict__ X, const double* __restrict__ y,
                               const double* __restrict__ w, double* __restrict__ res, int m,
                               int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= m) return;
  double z = 0.0;
  for (int j = 0; j < d; ++j) z += X[i * d + j] * w[j];
  const double p = tanh(z);
  res[i] = (p - y[i]) * (1.0 - p * p);
}

__global__ void feature_grad(const double* __restrict__ X, const double* __restrict__ res,
                             const double* __restrict__ w, double* __restrict__ grad,
                             double decay, int m, int d) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < d) {
    double s = 0.0;
    for (int i = 0; i < m; ++i) s += res[i] * X[i * d + j];
    grad[j] = s / m + decay * w[j];
  }
}

__global__ void adam_update(double* w, double* m, double* v, const double* grad, double lr,
                            double beta1, double beta2, double bc1, double bc2, double eps,
                            int d) {
  for (int j = blockIdx.x * blockDim.x + threadIdx.x; j < d; j += blockDim.x * gridDim.x) {
    const double g = grad[j];
    m[j] = beta1 * m[j] + (1.0 - beta1) * g;
    v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
    const double mhat = m[j] / bc1;
    const double vhat = v[j] / bc2;
    w[j] -= lr * mhat / (sqrt(vhat) + eps);
  }
}

void adam_fit(const AdamState& st, const double* X, const double* y, double lr, double beta1,
              double beta2, int m, int d, int step0, int steps) {
  const int threads = 64;
  const double eps = 1e-8, decay = 1e-2;
  for (int k = 0; k < steps; ++k) {
    const int t = step0 + k + 1;
    const double bc1 = 1.0 - pow(beta1, (double)t);
    const double bc2 = 1.0 - pow(beta2, (double)t);
    tanh_residuals<<<(m + threads - 1) / threads, threads>>>(X, y, st.w, st.res, m, d);
    feature_grad<<<(d + threads - 1) / threads, threads>>>(X, st.res, st.w, st.grad, decay, m,
                                                           d);
    adam_update<<<1, threads>>>(st.w, st.m, st.v, st.grad, lr, beta1, beta2, bc1, bc2, eps, d);
  }
}
