// cuad: --fn edge_energy --wrt img,taps
// An image pipeline as an image-processing tool chains it: a 3x3 blur whose taps are a host
// array uploaded with cudaMemcpyToSymbol into `__constant__ double c_taps[9]`, then the
// gradient magnitude (central differences, sqrt with a small epsilon), then the sum of squares
// of the deviation of the magnitude from a target edge strength, reduced per 2-D block in
// shared memory. Border pixels of the intermediate images are never written by the kernels:
// the buffers are cleared with cudaMemset first. The per-block partials are copied into a
// std::vector and summed on the host; the returned value is that energy.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                  \
  do {                                                                               \
    cudaError_t e_ = (call);                                                         \
    if (e_ != cudaSuccess) {                                                         \
      fprintf(stderr, "CUDA %s at line %d\n", cudaGetErrorString(e_), __LINE__);     \
      exit(1);                                                                       \
    }                                                                                \
  } while (0)

#define TILE 8

__constant__ double c_taps[9];

__global__ void blur3x3(const double* __restrict__ in, double* __restrict__ out, int w, int h) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) return;
  double acc = 0.0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      acc += c_taps[(dy + 1) * 3 + (dx + 1)] * in[(y + dy) * w + (x + dx)];
  out[y * w + x] = acc;
}

__global__ void grad_mag(const double* __restrict__ in, double* __restrict__ mag, int w, int h) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) return;
  const double gx = 0.5 * (in[y * w + x + 1] - in[y * w + x - 1]);
  const double gy = 0.5 * (in[(y + 1) * w + x] - in[(y - 1) * w + x]);
  mag[y * w + x] = sqrt(gx * gx + gy * gy + 1e-4);
}

__global__ void sq_dev_sum(const double* __restrict__ mag, double target,
                           double* __restrict__ partial, int w, int h) {
  __shared__ double s[TILE * TILE];
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const int t = threadIdx.y * blockDim.x + threadIdx.x;
  double v = 0.0;
  if (x < w && y < h) {
    const double d = mag[y * w + x] - target;
    v = d * d;
  }
  s[t] = v;
  __syncthreads();
  for (int stride = TILE * TILE / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.y * gridDim.x + blockIdx.x] = s[0];
}

double edge_energy(const double* img, const double* taps, int w, int h) {
  const size_t bytes = (size_t)w * h * sizeof(double);
  dim3 block(TILE, TILE);
  dim3 grid((w + TILE - 1) / TILE, (h + TILE - 1) / TILE);
  const int nblocks = grid.x * grid.y;

  CHECK(cudaMemcpyToSymbol(c_taps, taps, 9 * sizeof(double)));
  double *d_img, *d_blur, *d_mag, *d_partial;
  CHECK(cudaMalloc(&d_img, bytes));
  CHECK(cudaMalloc(&d_blur, bytes));
  CHECK(cudaMalloc(&d_mag, bytes));
  CHECK(cudaMalloc(&d_partial, nblocks * sizeof(double)));
  CHECK(cudaMemcpy(d_img, img, bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_blur, 0, bytes));
  CHECK(cudaMemset(d_mag, 0, bytes));

  blur3x3<<<grid, block>>>(d_img, d_blur, w, h);
  CHECK(cudaGetLastError());
  grad_mag<<<grid, block>>>(d_blur, d_mag, w, h);
  CHECK(cudaGetLastError());
  sq_dev_sum<<<grid, block>>>(d_mag, 0.05, d_partial, w, h);
  CHECK(cudaGetLastError());

  std::vector<double> partial(nblocks);
  CHECK(cudaMemcpy(partial.data(), d_partial, nblocks * sizeof(double), cudaMemcpyDeviceToHost));
  double energy = 0.0;
  for (double p : partial) energy += p;

  CHECK(cudaFree(d_img));
  CHECK(cudaFree(d_blur));
  CHECK(cudaFree(d_mag));
  CHECK(cudaFree(d_partial));
  return energy;
}
