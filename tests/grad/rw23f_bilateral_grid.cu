// cuad: --fn bilateral_grid_filter --wrt img,out
// Bilateral grid (Chen et al.): pixels are splatted into a coarse (x, y, intensity) grid with
// trilinear weights by atomicAdd of (value, 1) pairs into a float2 grid, the grid is blurred
// along each of its three axes with a [1 2 1]/4 kernel (one kernel launched three times with
// a stride argument, ping-ponging buffers), and each pixel slices the blurred grid
// trilinearly at its own position and divides value by weight. Host function.
#include <cuda_runtime.h>
#include <utility>

struct GridDims {
  int gx, gy, gz;
  float sx, sy, sr;  // cell sizes in pixels and intensity
};

__device__ __forceinline__ int gidx(const GridDims& g, int x, int y, int z) { return (z * g.gy + y) * g.gx + x; }

__global__ void splat(const float* __restrict__ img, int W, int H, GridDims g, float2* __restrict__ grid) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const float v = img[y * W + x];
  const float px = x / g.sx, py = y / g.sy, pz = v / g.sr;
  const int x0 = (int)px, y0 = (int)py, z0 = (int)pz;
  const float fx = px - x0, fy = py - y0, fz = pz - z0;
  for (int c = 0; c < 8; ++c) {
    const int dx = c & 1, dy = (c >> 1) & 1, dz = c >> 2;
    const float w = (dx ? fx : 1.0f - fx) * (dy ? fy : 1.0f - fy) * (dz ? fz : 1.0f - fz);
    float2* cell = &grid[gidx(g, x0 + dx, y0 + dy, z0 + dz)];
    atomicAdd(&cell->x, w * v);
    atomicAdd(&cell->y, w);
  }
}

__global__ void blur_axis(const float2* __restrict__ in, float2* __restrict__ out, int n, int stride, int len) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int coord = (i / stride) % len;
  const float2 c = in[i];
  const float2 l = coord > 0 ? in[i - stride] : c;
  const float2 r = coord < len - 1 ? in[i + stride] : c;
  out[i] = make_float2(0.25f * l.x + 0.5f * c.x + 0.25f * r.x, 0.25f * l.y + 0.5f * c.y + 0.25f * r.y);
}

__global__ void slice(const float* __restrict__ img, int W, int H, GridDims g, const float2* __restrict__ grid,
                      float* __restrict__ out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const float v = img[y * W + x];
  const float px = x / g.sx, py = y / g.sy, pz = v / g.sr;
  const int x0 = (int)px, y0 = (int)py, z0 = (int)pz;
  const float fx = px - x0, fy = py - y0, fz = pz - z0;
  float num = 0.0f, den = 0.0f;
  for (int c = 0; c < 8; ++c) {
    const int dx = c & 1, dy = (c >> 1) & 1, dz = c >> 2;
    const float w = (dx ? fx : 1.0f - fx) * (dy ? fy : 1.0f - fy) * (dz ? fz : 1.0f - fz);
    const float2 cell = grid[gidx(g, x0 + dx, y0 + dy, z0 + dz)];
    num += w * cell.x;
    den += w * cell.y;
  }
  out[y * W + x] = num / (den + 1e-3f);
}

void bilateral_grid_filter(const float* img, int W, int H, float* out) {
  GridDims g;
  g.sx = 4.0f; g.sy = 4.0f; g.sr = 0.25f;
  g.gx = (int)((W - 1) / g.sx) + 2;
  g.gy = (int)((H - 1) / g.sy) + 2;
  g.gz = (int)(1.0f / g.sr) + 2;
  const int cells = g.gx * g.gy * g.gz;
  float *d_img, *d_out;
  float2 *d_a, *d_b;
  cudaMalloc(&d_img, W * H * sizeof(float));
  cudaMalloc(&d_out, W * H * sizeof(float));
  cudaMalloc(&d_a, cells * sizeof(float2));
  cudaMalloc(&d_b, cells * sizeof(float2));
  cudaMemcpy(d_img, img, W * H * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_a, 0, cells * sizeof(float2));
  const dim3 block(8, 8), grid2((W + 7) / 8, (H + 7) / 8);
  splat<<<grid2, block>>>(d_img, W, H, g, d_a);
  const int strides[3] = {1, g.gx, g.gx * g.gy}, lens[3] = {g.gx, g.gy, g.gz};
  for (int axis = 0; axis < 3; ++axis) {
    blur_axis<<<(cells + 63) / 64, 64>>>(d_a, d_b, cells, strides[axis], lens[axis]);
    std::swap(d_a, d_b);
  }
  slice<<<grid2, block>>>(d_img, W, H, g, d_a, d_out);
  cudaMemcpy(out, d_out, W * H * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_img);
  cudaFree(d_out);
  cudaFree(d_a);
  cudaFree(d_b);
}
