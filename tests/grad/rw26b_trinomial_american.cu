// cuad: --fn trinomial_american --wrt o
// cuad: --fn price_book --wrt specs,prices
// cuad: fwd --fn trinomial_american --wrt o
// American options on a Kamrad-Ritchken trinomial tree in log-space, written as a
// __host__ __device__ pricer so the same code runs in a host risk check and on the device
// over a book of options: the option spec is a struct passed by value, the values at the
// leaves are built in a local array, then backward induction overwrites that array in place
// level by level (V[j] from V[j], V[j+1], V[j+2]), taking the early-exercise maximum with a
// comparison. A switch on the option type picks the exercise value. The book kernel prices one
// option per thread, scales by the position and writes the book's prices.
#include <cuda_runtime.h>

#define MAXN 40

struct TreeSpec {
  double s0, K, r, q, sigma, T;
};

enum OptType { PUT = 0, CALL = 1 };

__host__ __device__ inline double exercise(int type, double S, double K) {
  switch (type) {
    case CALL:
      return S - K;
    case PUT:
    default:
      return K - S;
  }
}

__host__ __device__ double trinomial_american(TreeSpec o, int n, int type) {
  const double dt = o.T / n;
  const double dx = o.sigma * sqrt(3.0 * dt);
  const double nu = o.r - o.q - 0.5 * o.sigma * o.sigma;
  const double a = (o.sigma * o.sigma * dt + nu * nu * dt * dt) / (dx * dx);
  const double pu = 0.5 * (a + nu * dt / dx);
  const double pd = 0.5 * (a - nu * dt / dx);
  const double pm = 1.0 - a;
  const double disc = exp(-o.r * dt);
  double V[2 * MAXN + 1];
  for (int j = 0; j <= 2 * n; ++j) {
    const double S = o.s0 * exp((j - n) * dx);
    V[j] = fmax(exercise(type, S, o.K), 0.0);
  }
  for (int i = n - 1; i >= 0; --i) {
    for (int j = 0; j <= 2 * i; ++j) {
      const double cont = disc * (pu * V[j + 2] + pm * V[j + 1] + pd * V[j]);
      const double ex = exercise(type, o.s0 * exp((j - i) * dx), o.K);
      V[j] = ex > cont ? ex : cont;
    }
  }
  return V[0];
}

__global__ void price_book(const TreeSpec* __restrict__ specs, const int* __restrict__ types,
                           const double* __restrict__ position, int n_opts, int steps,
                           double* __restrict__ prices) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_opts) return;
  prices[i] = position[i] * trinomial_american(specs[i], steps, types[i]);
}
