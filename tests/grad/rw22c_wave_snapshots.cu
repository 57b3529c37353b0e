// cuad: --fn wave_misfit --wrt c2,u0,obs
// A 1-D acoustic forward model for waveform inversion, the way a seismic code stores its
// wavefield: three time levels rotated through pointer copies (prev <- cur <- next, no
// std::swap), the first level copied from the initial field with a device-to-device
// cudaMemcpy, every `stride` steps a snapshot copied with cudaMemcpyDefault into a history
// allocation at `d_hist + s * n`, and the misfit of all snapshots against observed data
// reduced per block and finished on the host. The squared wave speed per cell `c2` is the
// model being inverted for.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                \
  do {                                                                             \
    cudaError_t e_ = (call);                                                       \
    if (e_ != cudaSuccess) {                                                       \
      fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));   \
      exit(1);                                                                     \
    }                                                                              \
  } while (0)

constexpr int kBlock = 32;

__global__ void leapfrog(const double* __restrict__ prev, const double* __restrict__ cur,
                         double* __restrict__ next, const double* __restrict__ c2, double r2,
                         int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double l = (i > 0) ? cur[i - 1] : 0.0;
  const double r = (i < n - 1) ? cur[i + 1] : 0.0;
  next[i] = 2.0 * cur[i] - prev[i] + r2 * c2[i] * (l - 2.0 * cur[i] + r);
}

__global__ void misfit_partial(const double* __restrict__ hist, const double* __restrict__ obs,
                               double* __restrict__ partial, int total) {
  __shared__ double s[kBlock];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  double v = 0.0;
  if (i < total) {
    const double d = hist[i] - obs[i];
    v = d * d;
  }
  s[t] = v;
  __syncthreads();
  for (int st = kBlock / 2; st > 0; st >>= 1) {
    if (t < st) s[t] += s[t + st];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}

double wave_misfit(const double* c2, const double* u0, const double* obs, int n, int steps,
                   int stride) {
  const int nsnap = steps / stride;
  const int total = nsnap * n;
  const int blocks = (n + kBlock - 1) / kBlock;
  const int mblocks = (total + kBlock - 1) / kBlock;
  const double r2 = 0.4;  // (dt / dx)^2

  double *d_c2, *d_a, *d_b, *d_c, *d_hist, *d_obs, *d_partial;
  CHECK(cudaMalloc(&d_c2, n * sizeof(double)));
  CHECK(cudaMalloc(&d_a, n * sizeof(double)));
  CHECK(cudaMalloc(&d_b, n * sizeof(double)));
  CHECK(cudaMalloc(&d_c, n * sizeof(double)));
  CHECK(cudaMalloc(&d_hist, total * sizeof(double)));
  CHECK(cudaMalloc(&d_obs, total * sizeof(double)));
  CHECK(cudaMalloc(&d_partial, mblocks * sizeof(double)));
  CHECK(cudaMemcpy(d_c2, c2, n * sizeof(double), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_obs, obs, total * sizeof(double), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_b, u0, n * sizeof(double), cudaMemcpyHostToDevice));
  // at rest: u(-dt) = u(0)
  CHECK(cudaMemcpy(d_a, d_b, n * sizeof(double), cudaMemcpyDeviceToDevice));

  double* prev = d_a;
  double* cur = d_b;
  double* next = d_c;
  for (int t = 1; t <= steps; ++t) {
    leapfrog<<<blocks, kBlock>>>(prev, cur, next, d_c2, r2, n);
    CHECK(cudaGetLastError());
    double* tmp = prev;
    prev = cur;
    cur = next;
    next = tmp;
    if (t % stride == 0) {
      const int s = t / stride - 1;
      CHECK(cudaMemcpy(d_hist + s * n, cur, n * sizeof(double), cudaMemcpyDefault));
    }
  }

  misfit_partial<<<mblocks, kBlock>>>(d_hist, d_obs, d_partial, total);
  CHECK(cudaGetLastError());
  std::vector<double> partial(mblocks);
  CHECK(cudaMemcpy(partial.data(), d_partial, mblocks * sizeof(double), cudaMemcpyDeviceToHost));
  double misfit = 0.0;
  for (int b = 0; b < mblocks; ++b) misfit += partial[b];

  CHECK(cudaFree(d_c2));
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_c));
  CHECK(cudaFree(d_hist));
  CHECK(cudaFree(d_obs));
  CHECK(cudaFree(d_partial));
  return 0.5 * misfit;
}
