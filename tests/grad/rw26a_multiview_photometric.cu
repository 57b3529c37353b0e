// cuad: --fn photometric_loss --wrt pts_h,colors_h
// cuad: fwd --fn photometric_loss --wrt pts_h,colors_h
// A multi-view photometric loss of a colored point cloud, as a small differentiable-rendering
// training step writes it: for each camera of a host array, a projection kernel overwrites one
// scratch buffer of pixel positions and depths (reused by every view), the image buffer is
// cleared with cudaMemset, a gather kernel renders each pixel as the depth-weighted,
// normalised Gaussian average of the point colors, and a loss kernel reduces the squared error
// against that view's target image in shared memory and adds each block's sum into a
// __device__ double with atomicAdd. The host copies the total back with cudaMemcpyFromSymbol
// and returns it divided by the pixel count. Output 1 is the host gradient, output 2 the host
// pushforward along one direction.
#include <cuda_runtime.h>

#define LOSS_BLOCK 64

struct PinholeView {
  float R[9];
  float t[3];
  float f, cx, cy;
};

__device__ double g_loss;

__global__ void project_view(const float3* __restrict__ pts, int n, PinholeView v, float3* __restrict__ uvz) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float3 p = pts[i];
  const float x = v.R[0] * p.x + v.R[1] * p.y + v.R[2] * p.z + v.t[0];
  const float y = v.R[3] * p.x + v.R[4] * p.y + v.R[5] * p.z + v.t[1];
  const float z = v.R[6] * p.x + v.R[7] * p.y + v.R[8] * p.z + v.t[2];
  uvz[i] = make_float3(v.f * x / z + v.cx, v.f * y / z + v.cy, z);
}

__global__ void gather_render(const float3* __restrict__ uvz, const float3* __restrict__ colors, int n, int W, int H,
                              float sigma, float* __restrict__ img) {
  const int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= W || py >= H) return;
  float wsum = 1e-3f, r = 0.0f, g = 0.0f, b = 0.0f;
  const float inv2s2 = 0.5f / (sigma * sigma);
  for (int i = 0; i < n; ++i) {
    const float dx = uvz[i].x - px, dy = uvz[i].y - py;
    const float w = expf(-(dx * dx + dy * dy) * inv2s2) / uvz[i].z;
    wsum += w;
    r += w * colors[i].x;
    g += w * colors[i].y;
    b += w * colors[i].z;
  }
  const int pid = 3 * (py * W + px);
  img[pid] += r / wsum;
  img[pid + 1] += g / wsum;
  img[pid + 2] += b / wsum;
}

__global__ void sq_error(const float* __restrict__ img, const float* __restrict__ target, int m) {
  __shared__ double s[LOSS_BLOCK];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  double e = 0.0;
  if (i < m) {
    const double d = (double)img[i] - (double)target[i];
    e = d * d;
  }
  s[threadIdx.x] = e;
  __syncthreads();
  for (int stride = LOSS_BLOCK / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(&g_loss, s[0]);
}

double photometric_loss(const float* pts_h, const float* colors_h, int n, const PinholeView* views, int n_views,
                        const float* targets_h, int W, int H) {
  const int m = 3 * W * H;
  float3 *d_pts, *d_col, *d_uvz;
  float *d_img, *d_tgt;
  cudaMalloc(&d_pts, n * sizeof(float3));
  cudaMalloc(&d_col, n * sizeof(float3));
  cudaMalloc(&d_uvz, n * sizeof(float3));
  cudaMalloc(&d_img, m * sizeof(float));
  cudaMalloc(&d_tgt, n_views * m * sizeof(float));
  cudaMemcpy(d_pts, pts_h, n * sizeof(float3), cudaMemcpyHostToDevice);
  cudaMemcpy(d_col, colors_h, n * sizeof(float3), cudaMemcpyHostToDevice);
  cudaMemcpy(d_tgt, targets_h, n_views * m * sizeof(float), cudaMemcpyHostToDevice);
  const double zero = 0.0;
  cudaMemcpyToSymbol(g_loss, &zero, sizeof(double));
  const dim3 block(8, 8), grid((W + 7) / 8, (H + 7) / 8);
  for (int v = 0; v < n_views; ++v) {
    project_view<<<(n + 31) / 32, 32>>>(d_pts, n, views[v], d_uvz);
    cudaMemset(d_img, 0, m * sizeof(float));
    gather_render<<<grid, block>>>(d_uvz, d_col, n, W, H, 1.5f, d_img);
    sq_error<<<(m + LOSS_BLOCK - 1) / LOSS_BLOCK, LOSS_BLOCK>>>(d_img, d_tgt + v * m, m);
  }
  double total = 0.0;
  cudaMemcpyFromSymbol(&total, g_loss, sizeof(double));
  cudaFree(d_pts);
  cudaFree(d_col);
  cudaFree(d_uvz);
  cudaFree(d_img);
  cudaFree(d_tgt);
  return total / (n_views * m);
}
