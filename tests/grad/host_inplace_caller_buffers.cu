// cuad: --fn solve --wrt x,b,v,w
// cuad: --fn denoise --wrt img,mask,a
// cuad: --fn kerr_steps --wrt z,gamma
// A host function that updates its caller's device buffers in place, in a loop: cuad did not
// allocate `x` or `v`, so it cannot know their sizes from an allocation. It takes them from the
// kernels' guarded stores instead: `if (i >= n) return; x[i] = ...` writes `x[0 .. n)`, the
// grid-stride loop `for (i = ...; i < n; i += stride)` too, and `v[i + 1]` under
// `i < n - 1` writes below `n`, and the 2-D `img[y * w + x]` under `x < w && y < h` writes
// `h * w` elements, and the interleaved complex `z[2 * k]`, `z[2 * k + 1]` under `k < n`
// writes `2 * n`. Each launch saves that many elements before it overwrites them.
// (Before: "kernel `relax` overwrites `x`, which the reverse pass needs, and cuad does not know
// its size".)
#include <cuda_runtime.h>

__global__ void relax(double* x, const double* b, double w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  x[i] = x[i] + w * (b[i] - x[i] * x[i] * x[i]);
}

__global__ void smooth_stride(double* v, const double* x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    v[i] = 0.5 * v[i] + 0.25 * x[i] * v[i];
  }
}

__global__ void shift_mix(double* v, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - 1) v[i + 1] = v[i + 1] * (1.0 + 0.1 * x[i]);
}

__global__ void add_into(double* x, const double* v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += 0.3 * sin(v[i]);
}

void solve(double* x, const double* b, double* v, double w, int n, int iters) {
  const int threads = 64, blocks = (n + threads - 1) / threads;
  for (int k = 0; k < iters; ++k) {
    relax<<<blocks, threads>>>(x, b, w, n);
    smooth_stride<<<1, threads>>>(v, x, n);
    shift_mix<<<blocks, threads>>>(v, x, n);
    add_into<<<blocks, threads>>>(x, v, n);
  }
}

__global__ void shade_inplace(double* img, const double* mask, double a, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    int idx = y * w + x;
    img[idx] = img[idx] * (1.0 - a * mask[idx]) + a * mask[idx] * img[idx] * img[idx];
  }
}

void denoise(double* img, const double* mask, double a, int w, int h, int iters) {
  dim3 block(8, 8), grid((w + 7) / 8, (h + 7) / 8);
  for (int k = 0; k < iters; ++k) shade_inplace<<<grid, block>>>(img, mask, a, w, h);
}

// Split-step Kerr nonlinearity on interleaved complex samples (re, im pairs), in place: each
// sample turns by the phase gamma * |z|^2, then neighbours couple linearly.
__global__ void kerr_phase(double* z, double gamma, int n) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n) {
    double re = z[2 * k], im = z[2 * k + 1];
    double phi = gamma * (re * re + im * im);
    double c = cos(phi), s = sin(phi);
    z[2 * k] = c * re - s * im;
    z[2 * k + 1] = s * re + c * im;
  }
}

__global__ void couple(double* out, const double* z, int n) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n) {
    int l = k > 0 ? k - 1 : k;
    out[2 * k] = 0.8 * z[2 * k] + 0.2 * z[2 * l + 1];
    out[2 * k + 1] = 0.8 * z[2 * k + 1] - 0.2 * z[2 * l];
  }
}

__global__ void copy_back(double* z, const double* tmp, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2) z[i] = tmp[i];
}

void kerr_steps(double* z, double gamma, int n, int steps) {
  double* tmp;
  cudaMalloc(&tmp, 2 * n * sizeof(double));
  const int threads = 32, blocks = (n + threads - 1) / threads;
  for (int t = 0; t < steps; ++t) {
    kerr_phase<<<blocks, threads>>>(z, gamma, n);
    couple<<<blocks, threads>>>(tmp, z, n);
    copy_back<<<(2 * n + threads - 1) / threads, threads>>>(z, tmp, 2 * n);
  }
  cudaFree(tmp);
}
