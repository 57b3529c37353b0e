// cuad: --fn flow_loss --wrt flow,I2,loss
// An unsupervised optical-flow loss (the objective of self-supervised flow networks and of
// variational TV-L1 style refinement): I2 is warped backwards by the flow with bilinear
// sampling at clamped coordinates (floor, fractional weights, border clamp of the corner
// indices), the photometric error against I1 goes through a Charbonnier penalty
// sqrt(e^2 + eps^2), a first-order smoothness term penalises the forward differences of
// both flow components (Charbonnier too, weighted by lambda), and every thread's term is
// reduced with __shfl_down_sync inside warps, then across warps in shared memory, and one
// atomicAdd per block into the scalar loss. The flow is double2 per pixel; 2-D launch.
#include <cuda_runtime.h>

#define BX 16
#define BY 4
#define NWARPS (BX * BY / 32)

__device__ __forceinline__ double charbonnier(double x, double eps) { return sqrt(x * x + eps * eps); }

__device__ __forceinline__ double sample_bilinear(const double* __restrict__ img, int W, int H,
                                                  double x, double y) {
  x = fmin(fmax(x, 0.0), W - 1.0);
  y = fmin(fmax(y, 0.0), H - 1.0);
  const double xf = floor(x), yf = floor(y);
  const int x0 = (int)xf, y0 = (int)yf;
  const int x1 = min(x0 + 1, W - 1), y1 = min(y0 + 1, H - 1);
  const double ax = x - xf, ay = y - yf;
  const double top = (1.0 - ax) * img[y0 * W + x0] + ax * img[y0 * W + x1];
  const double bot = (1.0 - ax) * img[y1 * W + x0] + ax * img[y1 * W + x1];
  return (1.0 - ay) * top + ay * bot;
}

__device__ __forceinline__ double warp_sum(double v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}

__global__ void flow_loss(const double2* __restrict__ flow, const double* __restrict__ I1,
                          const double* __restrict__ I2, int W, int H, double lambda, double eps,
                          double* __restrict__ loss) {
  __shared__ double warp_part[NWARPS];
  const int x = blockIdx.x * BX + threadIdx.x;
  const int y = blockIdx.y * BY + threadIdx.y;
  const int tid = threadIdx.y * BX + threadIdx.x;
  double term = 0.0;
  if (x < W && y < H) {
    const int i = y * W + x;
    const double2 f = flow[i];
    const double warped = sample_bilinear(I2, W, H, x + f.x, y + f.y);
    term = charbonnier(warped - I1[i], eps);
    if (x + 1 < W) {
      const double2 fr = flow[i + 1];
      term += lambda * (charbonnier(fr.x - f.x, eps) + charbonnier(fr.y - f.y, eps));
    }
    if (y + 1 < H) {
      const double2 fd = flow[i + W];
      term += lambda * (charbonnier(fd.x - f.x, eps) + charbonnier(fd.y - f.y, eps));
    }
  }
  term = warp_sum(term);
  if ((tid & 31) == 0) warp_part[tid >> 5] = term;
  __syncthreads();
  if (tid == 0) {
    double s = 0.0;
    for (int w = 0; w < NWARPS; ++w) s += warp_part[w];
    atomicAdd(loss, s / (W * H));
  }
}
