// cuad: --fn pyramidal_lk --wrt I0,I1,u,v
// Variant of rw25e_pyr_lk_host with the pyramid levels in separate pointer variables and
// each level's iterations run by a host helper `run_level` updating the flow in place (the
// caller saves the flow buffers before each call: the helper's pullback re-runs it from them).
// Dense pyramidal Lucas-Kanade optical flow driven from the host: both frames are uploaded into
// level 0 of two image pyramids kept as host arrays of device pointers, coarser levels are
// built by a 2x2 box-downsample kernel, and from the coarsest level down each level runs a few
// Lucas-Kanade iterations in place on (u, v): the second frame is sampled bilinearly at the
// warped position (clamp-to-edge, float2-like helper struct for the sample and its gradient),
// the 2x2 structure tensor and mismatch vector are summed over a (2R+1)^2 window, and the
// update is skipped (early return) where the tensor is ill-conditioned. Between levels the
// flow is upsampled by a nearest-neighbour kernel that doubles it.
#include <cuda_runtime.h>

#define LEVELS 3
#define LK_R 1

struct Sample {
  double val, gx, gy;
};

__device__ __forceinline__ int clampi(int v, int n) { return v < 0 ? 0 : (v >= n ? n - 1 : v); }

__device__ __forceinline__ double pix(const double* img, int x, int y, int W, int H) {
  return img[clampi(y, H) * W + clampi(x, W)];
}

// Bilinear value and its spatial gradient at a real position, clamped to the image.
__device__ Sample bilinear_grad(const double* img, double x, double y, int W, int H) {
  x = fmin(fmax(x, 0.0), W - 1.0);
  y = fmin(fmax(y, 0.0), H - 1.0);
  const int x0 = (int)floor(x), y0 = (int)floor(y);
  const double fx = x - x0, fy = y - y0;
  const double a = pix(img, x0, y0, W, H), b = pix(img, x0 + 1, y0, W, H);
  const double c = pix(img, x0, y0 + 1, W, H), d = pix(img, x0 + 1, y0 + 1, W, H);
  Sample s;
  s.val = (1 - fy) * ((1 - fx) * a + fx * b) + fy * ((1 - fx) * c + fx * d);
  s.gx = (1 - fy) * (b - a) + fy * (d - c);
  s.gy = (1 - fx) * (c - a) + fx * (d - b);
  return s;
}

__global__ void downsample2x(const double* __restrict__ src, int Ws, int Hs,
                             double* __restrict__ dst, int Wd, int Hd) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= Wd || y >= Hd) return;
  dst[y * Wd + x] = 0.25 * (pix(src, 2 * x, 2 * y, Ws, Hs) + pix(src, 2 * x + 1, 2 * y, Ws, Hs) +
                            pix(src, 2 * x, 2 * y + 1, Ws, Hs) +
                            pix(src, 2 * x + 1, 2 * y + 1, Ws, Hs));
}

__global__ void lk_iteration(const double* __restrict__ I0, const double* __restrict__ I1, int W,
                             int H, double* __restrict__ u, double* __restrict__ v) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const int i = y * W + x;
  const double ui = u[i], vi = v[i];
  double sxx = 0, sxy = 0, syy = 0, bx = 0, by = 0;
  for (int dy = -LK_R; dy <= LK_R; ++dy)
    for (int dx = -LK_R; dx <= LK_R; ++dx) {
      const Sample s = bilinear_grad(I1, x + dx + ui, y + dy + vi, W, H);
      const double it = s.val - pix(I0, x + dx, y + dy, W, H);
      sxx += s.gx * s.gx;
      sxy += s.gx * s.gy;
      syy += s.gy * s.gy;
      bx += s.gx * it;
      by += s.gy * it;
    }
  const double det = sxx * syy - sxy * sxy;
  if (det < 1e-4) return;  // aperture problem: keep the flow
  u[i] = ui - (syy * bx - sxy * by) / det;
  v[i] = vi - (sxx * by - sxy * bx) / det;
}

__global__ void upsample_flow(const double* __restrict__ uc, const double* __restrict__ vc, int Wc,
                              int Hc, double* __restrict__ uf, double* __restrict__ vf, int Wf,
                              int Hf) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= Wf || y >= Hf) return;
  const int j = min(y / 2, Hc - 1) * Wc + min(x / 2, Wc - 1);
  uf[y * Wf + x] = 2.0 * uc[j];
  vf[y * Wf + x] = 2.0 * vc[j];
}

static dim3 grid_for(int W, int H, dim3 b) { return dim3((W + b.x - 1) / b.x, (H + b.y - 1) / b.y); }

// One pyramid level: its images, its flow and its size.
static void run_level(const double* i0, const double* i1, double* fu, double* fv, int W, int H,
                      int iters) {
  const dim3 block(8, 8);
  for (int it = 0; it < iters; ++it)
    lk_iteration<<<grid_for(W, H, block), block>>>(i0, i1, W, H, fu, fv);
}

void pyramidal_lk(const double* I0, const double* I1, double* u, double* v, int W, int H,
                  int iters) {
  const int W1 = (W + 1) / 2, H1 = (H + 1) / 2, W2 = (W1 + 1) / 2, H2 = (H1 + 1) / 2;
  const size_t b0 = (size_t)W * H * sizeof(double), b1 = (size_t)W1 * H1 * sizeof(double),
               b2 = (size_t)W2 * H2 * sizeof(double);
  double *a0, *a1, *a2, *c0, *c1, *c2, *u0, *u1, *u2, *v0, *v1, *v2;
  cudaMalloc(&a0, b0);
  cudaMalloc(&c0, b0);
  cudaMalloc(&u0, b0);
  cudaMalloc(&v0, b0);
  cudaMalloc(&a1, b1);
  cudaMalloc(&c1, b1);
  cudaMalloc(&u1, b1);
  cudaMalloc(&v1, b1);
  cudaMalloc(&a2, b2);
  cudaMalloc(&c2, b2);
  cudaMalloc(&u2, b2);
  cudaMalloc(&v2, b2);
  cudaMemcpy(a0, I0, b0, cudaMemcpyHostToDevice);
  cudaMemcpy(c0, I1, b0, cudaMemcpyHostToDevice);
  const dim3 block(8, 8);
  downsample2x<<<grid_for(W1, H1, block), block>>>(a0, W, H, a1, W1, H1);
  downsample2x<<<grid_for(W1, H1, block), block>>>(c0, W, H, c1, W1, H1);
  downsample2x<<<grid_for(W2, H2, block), block>>>(a1, W1, H1, a2, W2, H2);
  downsample2x<<<grid_for(W2, H2, block), block>>>(c1, W1, H1, c2, W2, H2);
  cudaMemset(u2, 0, b2);
  cudaMemset(v2, 0, b2);
  run_level(a2, c2, u2, v2, W2, H2, iters);
  upsample_flow<<<grid_for(W1, H1, block), block>>>(u2, v2, W2, H2, u1, v1, W1, H1);
  run_level(a1, c1, u1, v1, W1, H1, iters);
  upsample_flow<<<grid_for(W, H, block), block>>>(u1, v1, W1, H1, u0, v0, W, H);
  run_level(a0, c0, u0, v0, W, H, iters);
  cudaMemcpy(u, u0, b0, cudaMemcpyDeviceToHost);
  cudaMemcpy(v, v0, b0, cudaMemcpyDeviceToHost);
  cudaFree(a0);
  cudaFree(a1);
  cudaFree(a2);
  cudaFree(c0);
  cudaFree(c1);
  cudaFree(c2);
  cudaFree(u0);
  cudaFree(u1);
  cudaFree(u2);
  cudaFree(v0);
  cudaFree(v1);
  cudaFree(v2);
}
