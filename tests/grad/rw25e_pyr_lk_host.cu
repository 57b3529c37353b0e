// cuad: --fn pyramidal_lk --wrt I0,I1,u,v
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

void pyramidal_lk(const double* I0, const double* I1, double* u, double* v, int W, int H,
                  int iters) {
  double* pyr0[LEVELS];
  double* pyr1[LEVELS];
  double* fu[LEVELS];
  double* fv[LEVELS];
  int Ws[LEVELS], Hs[LEVELS];
  for (int l = 0; l < LEVELS; ++l) {
    Ws[l] = l == 0 ? W : (Ws[l - 1] + 1) / 2;
    Hs[l] = l == 0 ? H : (Hs[l - 1] + 1) / 2;
    const size_t bytes = (size_t)Ws[l] * Hs[l] * sizeof(double);
    cudaMalloc(&pyr0[l], bytes);
    cudaMalloc(&pyr1[l], bytes);
    cudaMalloc(&fu[l], bytes);
    cudaMalloc(&fv[l], bytes);
  }
  cudaMemcpy(pyr0[0], I0, (size_t)W * H * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(pyr1[0], I1, (size_t)W * H * sizeof(double), cudaMemcpyHostToDevice);
  const dim3 block(8, 8);
  for (int l = 1; l < LEVELS; ++l) {
    downsample2x<<<grid_for(Ws[l], Hs[l], block), block>>>(pyr0[l - 1], Ws[l - 1], Hs[l - 1], pyr0[l],
                                                           Ws[l], Hs[l]);
    downsample2x<<<grid_for(Ws[l], Hs[l], block), block>>>(pyr1[l - 1], Ws[l - 1], Hs[l - 1], pyr1[l],
                                                           Ws[l], Hs[l]);
  }
  const int top = LEVELS - 1;
  cudaMemset(fu[top], 0, (size_t)Ws[top] * Hs[top] * sizeof(double));
  cudaMemset(fv[top], 0, (size_t)Ws[top] * Hs[top] * sizeof(double));
  for (int l = top; l >= 0; --l) {
    const dim3 grid = grid_for(Ws[l], Hs[l], block);
    for (int it = 0; it < iters; ++it)
      lk_iteration<<<grid, block>>>(pyr0[l], pyr1[l], Ws[l], Hs[l], fu[l], fv[l]);
    if (l > 0)
      upsample_flow<<<grid_for(Ws[l - 1], Hs[l - 1], block), block>>>(
          fu[l], fv[l], Ws[l], Hs[l], fu[l - 1], fv[l - 1], Ws[l - 1], Hs[l - 1]);
  }
  cudaMemcpy(u, fu[0], (size_t)W * H * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(v, fv[0], (size_t)W * H * sizeof(double), cudaMemcpyDeviceToHost);
  for (int l = 0; l < LEVELS; ++l) {
    cudaFree(pyr0[l]);
    cudaFree(pyr1[l]);
    cudaFree(fu[l]);
    cudaFree(fv[l]);
  }
}
