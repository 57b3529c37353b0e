// cuad: --fn levels --wrt x,y
// cuad: fwd --fn levels --wrt x,y
// Device buffers kept in local arrays of pointers (pointer_arrays.rs): a pyramid `lev[L]`
// allocated in a loop with a size per level (`bytes`, changing each iteration: checkpoints
// take the size kept at each allocation), levels built by launches on `lev[l]` and
// `lev[l + 1]` (one base `l`, so one copy per level), updated in place by a host helper on
// `lev[l + 1]`, and a ping-pong pair `tmp[2] = {}` at constant indices swapped with std::swap.
#include <cuda_runtime.h>
#include <utility>

#define L 3

__global__ void halve(const double* a, int na, double* b, int nb) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nb) {
    const int j = 2 * i + 1 < na ? 2 * i + 1 : na - 1;
    b[i] = 0.5 * (a[2 * i] + a[j]) + 0.25 * a[2 * i] * a[j];
  }
}

__global__ void damp(double* a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = a[i] - 0.1 * a[i] * a[i];
}

__global__ void upsample(const double* coarse, const double* fine, double* out, int nf) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nf) out[i] = fine[i] + 0.5 * coarse[i / 2] * coarse[i / 2];
}

static void relax(double* a, int n) { damp<<<1, 64>>>(a, n); }

void levels(const double* x, double* y, int n) {
  double* lev[L];
  double* tmp[2] = {};
  int sz[L];
  for (int l = 0; l < L; ++l) {
    sz[l] = l == 0 ? n : (sz[l - 1] + 1) / 2;
    const size_t bytes = sz[l] * sizeof(double);
    cudaMalloc(&lev[l], bytes);
  }
  cudaMalloc(&tmp[0], n * sizeof(double));
  cudaMalloc(&tmp[1], n * sizeof(double));
  cudaMemcpy(lev[0], x, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int l = 0; l + 1 < L; ++l) {
    halve<<<1, 64>>>(lev[l], sz[l], lev[l + 1], sz[l + 1]);
    relax(lev[l + 1], sz[l + 1]);
  }
  cudaMemcpy(tmp[0], lev[L - 1], sz[L - 1] * sizeof(double), cudaMemcpyDeviceToDevice);
  for (int l = L - 2; l >= 0; --l) {
    upsample<<<1, 64>>>(tmp[0], lev[l], tmp[1], sz[l]);
    std::swap(tmp[0], tmp[1]);
  }
  cudaMemcpy(y, tmp[0], n * sizeof(double), cudaMemcpyDeviceToHost);
  for (int l = 0; l < L; ++l) cudaFree(lev[l]);
  cudaFree(tmp[0]);
  cudaFree(tmp[1]);
}
