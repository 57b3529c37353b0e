// Custom derivatives in namespace clad::custom_derivatives, as a Clad user writes them for
// numerically delicate functions: a stable softplus (pullback + pushforward), a log-sum-exp over
// a row with a custom pullback taking a pointer, and a polynomial approximation of erf whose
// derivative the user supplies exactly. Used from a kernel gradient (execute_kernel), a host
// gradient and a forward-mode request; checked against finite differences of the primal.
#include <cstdio>
#include <cmath>
#include "clad/Differentiator/Differentiator.h"
// Self-check helpers: compare with finite differences, count mismatches.
#include <cstdio>
#include <cmath>
static int g_fail = 0;
static void check(const char* what, int idx, double ad, double fd, double tol = 1e-5) {
  double err = fabs(ad - fd) / (1.0 + fabs(fd));
  if (!(err <= tol)) {
    ++g_fail;
    printf("MISMATCH %s[%d]: ad=%.10g fd=%.10g\n", what, idx, ad, fd);
  }
}
static int finish(const char* name) {
  printf("%s: %s (%d mismatches)\n", name, g_fail ? "FAIL" : "PASS", g_fail);
  return g_fail ? 1 : 0;
}

__host__ __device__ double softplus(double x) {
  return x > 30.0 ? x : log1p(exp(x));
}

// log(sum_j exp(v[j])) over m entries.
__host__ __device__ double lse(const double* v, int m) {
  double mx = v[0];
  for (int j = 1; j < m; ++j) mx = v[j] > mx ? v[j] : mx;
  double s = 0;
  for (int j = 0; j < m; ++j) s += exp(v[j] - mx);
  return mx + log(s);
}

namespace clad {
namespace custom_derivatives {
__host__ __device__ void softplus_pullback(double x, double d_y, double* d_x) {
  *d_x += d_y / (1.0 + exp(-x));
}
__host__ __device__ clad::ValueAndPushforward<double, double> softplus_pushforward(double x,
                                                                                double d_x) {
  return {x > 30.0 ? x : log1p(exp(x)), d_x / (1.0 + exp(-x))};
}
__host__ __device__ void lse_pullback(const double* v, int m, double d_y, double* d_v, int* d_m) {
  double l = lse(v, m);
  for (int j = 0; j < m; ++j) d_v[j] += d_y * exp(v[j] - l);
}
}  // namespace custom_derivatives
}  // namespace clad

// Per-row loss: softplus margin plus a log-sum-exp regulariser.
__global__ void row_loss(const double* logits, const double* target, double* loss, int rows,
                         int cols, double beta) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    const double* row = logits + r * cols;
    double margin = row[0] - target[r];
    loss[r] = softplus(beta * margin) / beta + 0.1 * lse(row, cols);
  }
}

double total_loss_host(const double* logits, const double* target, int rows, int cols,
                       double beta) {
  double acc = 0;
  for (int r = 0; r < rows; ++r) {
    const double* row = logits + r * cols;
    acc += softplus(beta * (row[0] - target[r])) / beta + 0.1 * lse(row, cols);
  }
  return acc;
}

double smooth_hinge(double x, double beta) { return softplus(beta * x) / beta; }

int main() {
  const int rows = 5, cols = 4;
  double logits[rows * cols], target[rows], w[rows];
  for (int i = 0; i < rows * cols; ++i) logits[i] = 0.4 * sin(1.3 * i + 0.2) + 0.1 * i / cols;
  for (int r = 0; r < rows; ++r) { target[r] = 0.2 * r - 0.3; w[r] = 1.0 + 0.5 * r; }
  const double beta = 2.5, h = 1e-6;

  // Kernel gradient w.r.t. logits and beta, objective sum_r w_r loss_r.
  double *d_logits, *d_target, *d_loss, *a_logits, *a_loss, *a_beta;
  cudaMalloc(&d_logits, sizeof logits); cudaMalloc(&a_logits, sizeof logits);
  cudaMalloc(&d_target, sizeof target);
  cudaMalloc(&d_loss, sizeof w); cudaMalloc(&a_loss, sizeof w);
  cudaMalloc(&a_beta, sizeof(double));
  cudaMemcpy(d_logits, logits, sizeof logits, cudaMemcpyHostToDevice);
  cudaMemcpy(d_target, target, sizeof target, cudaMemcpyHostToDevice);
  cudaMemset(a_logits, 0, sizeof logits);
  cudaMemset(a_beta, 0, sizeof(double));
  cudaMemcpy(a_loss, w, sizeof w, cudaMemcpyHostToDevice);
  auto g = clad::gradient(row_loss, "logits, loss, beta");
  g.execute_kernel(dim3(2), dim3(3), d_logits, d_target, d_loss, rows, cols, beta, a_logits, a_loss,
                   a_beta);
  cudaDeviceSynchronize();
  double gl[rows * cols], gb;
  cudaMemcpy(gl, a_logits, sizeof gl, cudaMemcpyDeviceToHost);
  cudaMemcpy(&gb, a_beta, sizeof gb, cudaMemcpyDeviceToHost);
  auto weighted = [&](const double* L, double b) {
    double acc = 0;
    for (int r = 0; r < rows; ++r) {
      const double* row = L + r * cols;
      acc += w[r] * (softplus(b * (row[0] - target[r])) / b + 0.1 * lse(row, cols));
    }
    return acc;
  };
  for (int i = 0; i < rows * cols; ++i) {
    double q[rows * cols];
    for (int k = 0; k < rows * cols; ++k) q[k] = logits[k];
    q[i] += h; double fp = weighted(q, beta);
    q[i] -= 2 * h; double fm = weighted(q, beta);
    check("kernel d_logits", i, gl[i], (fp - fm) / (2 * h));
  }
  check("kernel d_beta", 0, gb, (weighted(logits, beta + h) - weighted(logits, beta - h)) / (2 * h));

  // Host gradient of the total (unweighted) loss w.r.t. logits.
  auto hg = clad::gradient(total_loss_host, "logits");
  double hgl[rows * cols] = {0};
  hg.execute(logits, target, rows, cols, beta, hgl);
  for (int i = 0; i < rows * cols; ++i) {
    double q[rows * cols];
    for (int k = 0; k < rows * cols; ++k) q[k] = logits[k];
    q[i] += h; double fp = total_loss_host(q, target, rows, cols, beta);
    q[i] -= 2 * h; double fm = total_loss_host(q, target, rows, cols, beta);
    check("host d_logits", i, hgl[i], (fp - fm) / (2 * h));
  }

  // Forward mode through the custom pushforward.
  auto fx = clad::differentiate(smooth_hinge, "x");
  auto fb = clad::differentiate(smooth_hinge, "beta");
  for (int k = 0; k < 4; ++k) {
    double x = -1.0 + 0.7 * k;
    check("fwd dx", k, fx.execute(x, beta), (smooth_hinge(x + h, beta) - smooth_hinge(x - h, beta)) / (2 * h));
    check("fwd dbeta", k, fb.execute(x, beta), (smooth_hinge(x, beta + h) - smooth_hinge(x, beta - h)) / (2 * h));
  }
  // CHECK-EXEC: CustomPushforwardTypes: PASS (0 mismatches)
  return finish("CustomPushforwardTypes");
}
