// cuad: --fn soft_dtw --wrt x,y,gamma
// cuad: --fn softdtw_batch --wrt xs,ys,gamma,loss
// Soft-DTW loss between time series (Cuturi & Blondel), as a sequence-alignment training
// loss: a __device__ function computes the soft alignment cost of two short sequences of
// 2-D feature vectors with the dynamic program kept in two rows of a local array that swap
// roles through pointers (ping-pong), a soft-min with the max-shift trick written as a
// device lambda, and squared Euclidean costs. A kernel runs one pair per thread and writes
// the per-pair loss normalised by the path length; gamma (the smoothing) is learnable too.
#include <cuda_runtime.h>
#include <math.h>

#define MAXLEN 12
#define DIM 2
#define BIG 1e10

__device__ double soft_dtw(const double* x, int nx, const double* y, int ny, double gamma) {
  auto softmin3 = [gamma](double a, double b, double c) {
    const double m = fmin(a, fmin(b, c));
    const double s = exp(-(a - m) / gamma) + exp(-(b - m) / gamma) + exp(-(c - m) / gamma);
    return m - gamma * log(s);
  };
  double rows[2][MAXLEN + 1];
  double* prev = rows[0];
  double* cur = rows[1];
  prev[0] = 0.0;
  for (int j = 1; j <= ny; ++j) prev[j] = BIG;
  for (int i = 1; i <= nx; ++i) {
    cur[0] = BIG;
    for (int j = 1; j <= ny; ++j) {
      double cost = 0.0;
      for (int d = 0; d < DIM; ++d) {
        const double diff = x[(i - 1) * DIM + d] - y[(j - 1) * DIM + d];
        cost += diff * diff;
      }
      cur[j] = cost + softmin3(prev[j - 1], prev[j], cur[j - 1]);
    }
    double* t = prev;
    prev = cur;
    cur = t;
  }
  return prev[ny];
}

__global__ void softdtw_batch(const double* __restrict__ xs, const double* __restrict__ ys,
                              const int* __restrict__ lens, int n_pairs, double gamma,
                              double* __restrict__ loss) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_pairs) return;
  const int nx = lens[2 * p], ny = lens[2 * p + 1];
  const double v = soft_dtw(xs + p * MAXLEN * DIM, nx, ys + p * MAXLEN * DIM, ny, gamma);
  loss[p] = v / (nx + ny);
}
