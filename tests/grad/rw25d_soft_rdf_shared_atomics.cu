// cuad: --fn soft_rdf --wrt pos,sigma,hist
// cuad: fwd --fn soft_rdf --wrt pos,sigma,hist
// A differentiable (Gaussian-smeared) radial distribution histogram for structure matching
// (iterative Boltzmann inversion / reverse Monte Carlo style): every pair (i < j) within the
// range adds a Gaussian of width sigma centred on its distance to the nearby bins. Each block
// accumulates its pairs into a shared-memory histogram with shared atomicAdd, then flushes
// it into the global histogram with one global atomicAdd per bin; bins beyond +-4 sigma of
// the distance are skipped (a data-dependent bin range from floor/ceil).
#include <cuda_runtime.h>
#include <math.h>

#define NBINS 24

__global__ void soft_rdf(int n, const double* __restrict__ pos, double box, double r_max, double sigma,
                         double* __restrict__ hist) {
  __shared__ double s_hist[NBINS];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) s_hist[b] = 0.0;
  __syncthreads();
  const double dr = r_max / NBINS;
  const double inv2s2 = 0.5 / (sigma * sigma);
  const int n_pairs = n * (n - 1) / 2;
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < n_pairs; p += gridDim.x * blockDim.x) {
    // pair index -> (i, j), i < j
    int i = 0, rem = p;
    while (rem >= n - 1 - i) {
      rem -= n - 1 - i;
      ++i;
    }
    const int j = i + 1 + rem;
    double r2 = 0.0;
    for (int k = 0; k < 3; ++k) {
      double x = pos[3 * i + k] - pos[3 * j + k];
      x -= box * rint(x / box);
      r2 += x * x;
    }
    const double r = sqrt(r2);
    if (r >= r_max) continue;
    const int lo = max(0, (int)floor((r - 4.0 * sigma) / dr));
    const int hi = min(NBINS - 1, (int)ceil((r + 4.0 * sigma) / dr));
    for (int b = lo; b <= hi; ++b) {
      const double rb = (b + 0.5) * dr;
      atomicAdd(&s_hist[b], exp(-(r - rb) * (r - rb) * inv2s2) / (r * r));
    }
  }
  __syncthreads();
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) atomicAdd(&hist[b], s_hist[b]);
}
