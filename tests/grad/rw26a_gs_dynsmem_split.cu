// cuad: --fn render_dyn<4> --wrt means2d,conic_opacity,features,depths,out_feat,out_depth
// cuad: --fn render_image --wrt means_h,conic_h,feat_h,depth_h,img_h
// A 3DGS-style tile rasterizer written with cooperative groups and dynamic shared memory
// carved into two typed arrays (2-D means as double2, conic/opacity as double4, the second
// placed at &s_xy[TN]); the batch's Gaussian ids live in a static __shared__ int array (the
// gsplat layout with the ids in the same raw buffer is rw26a_gs_dynsmem_cg). The block is a
// cg::thread_block (thread_rank, group_index, thread_index, sync); the walk over a tile's
// depth-sorted range stops early when every pixel is saturated (__syncthreads_count). Each
// pixel blends a feature vector of NF channels (a template parameter) and the depth, writing
// the expected depth normalised by the accumulated opacity. A host function computes the shared
// memory size, uploads, launches and downloads.
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define TW 8
#define TH 8
#define TN (TW * TH)

template <int NF>
__global__ void render_dyn(const uint2* __restrict__ ranges, const int* __restrict__ list, int W, int H,
                           const double2* __restrict__ means2d, const double4* __restrict__ conic_opacity,
                           const double* __restrict__ features, const double* __restrict__ depths,
                           double* __restrict__ out_feat, double* __restrict__ out_depth) {
  cg::thread_block block = cg::this_thread_block();
  extern __shared__ char smem[];
  __shared__ int s_id[TN];
  double2* s_xy = reinterpret_cast<double2*>(smem);
  double4* s_co = reinterpret_cast<double4*>(&s_xy[TN]);

  const int rank = block.thread_rank();
  const int px = block.group_index().x * TW + block.thread_index().x;
  const int py = block.group_index().y * TH + block.thread_index().y;
  const bool inside = px < W && py < H;
  const uint2 range = ranges[block.group_index().y * gridDim.x + block.group_index().x];

  double T = 1.0, dsum = 0.0;
  double f[NF];
  for (int c = 0; c < NF; ++c) f[c] = 0.0;
  bool done = !inside;
  for (int start = (int)range.x; start < (int)range.y; start += TN) {
    if (__syncthreads_count(done) == TN) break;
    const int k = start + rank;
    if (k < (int)range.y) {
      const int g = list[k];
      s_id[rank] = g;
      s_xy[rank] = means2d[g];
      s_co[rank] = conic_opacity[g];
    }
    block.sync();
    const int batch = min(TN, (int)range.y - start);
    for (int j = 0; !done && j < batch; ++j) {
      const double dx = s_xy[j].x - px, dy = s_xy[j].y - py;
      const double4 co = s_co[j];
      const double power = -0.5 * (co.x * dx * dx + co.z * dy * dy) - co.y * dx * dy;
      const double alpha = fmin(0.99, co.w * exp(power));
      if (alpha < 1.0 / 255.0) continue;
      const double nT = T * (1.0 - alpha);
      if (nT < 1e-4) {
        done = true;
        continue;
      }
      const double wgt = alpha * T;
      const int g = s_id[j];
      for (int c = 0; c < NF; ++c) f[c] += wgt * features[g * NF + c];
      dsum += wgt * depths[g];
      T = nT;
    }
    block.sync();
  }
  if (inside) {
    const int pid = py * W + px;
    for (int c = 0; c < NF; ++c) out_feat[pid * NF + c] = f[c];
    out_depth[pid] = dsum / (1.0 - T + 1e-6);
  }
}

void render_image(const uint2* ranges_h, int n_tiles_x, int n_tiles_y, const int* list_h, int n_list, int n, int W,
                  int H, const double* means_h, const double* conic_h, const double* feat_h, const double* depth_h,
                  double* img_h) {
  uint2* d_ranges;
  int* d_list;
  double *d_means, *d_conic, *d_feat, *d_depth, *d_out, *d_dout;
  const int nt = n_tiles_x * n_tiles_y;
  cudaMalloc(&d_ranges, nt * sizeof(uint2));
  cudaMalloc(&d_list, n_list * sizeof(int));
  cudaMalloc(&d_means, 2 * n * sizeof(double));
  cudaMalloc(&d_conic, 4 * n * sizeof(double));
  cudaMalloc(&d_feat, 4 * n * sizeof(double));
  cudaMalloc(&d_depth, n * sizeof(double));
  cudaMalloc(&d_out, 4 * W * H * sizeof(double));
  cudaMalloc(&d_dout, W * H * sizeof(double));
  cudaMemcpy(d_ranges, ranges_h, nt * sizeof(uint2), cudaMemcpyHostToDevice);
  cudaMemcpy(d_list, list_h, n_list * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_means, means_h, 2 * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_conic, conic_h, 4 * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_feat, feat_h, 4 * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_depth, depth_h, n * sizeof(double), cudaMemcpyHostToDevice);
  const size_t smem = TN * (sizeof(double2) + sizeof(double4));
  render_dyn<4><<<dim3(n_tiles_x, n_tiles_y), dim3(TW, TH), smem>>>(
      d_ranges, d_list, W, H, reinterpret_cast<const double2*>(d_means), reinterpret_cast<const double4*>(d_conic),
      d_feat, d_depth, d_out, d_dout);
  cudaMemcpy(img_h, d_out, 4 * W * H * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(img_h + 4 * W * H, d_dout, W * H * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_ranges);
  cudaFree(d_list);
  cudaFree(d_means);
  cudaFree(d_conic);
  cudaFree(d_feat);
  cudaFree(d_depth);
  cudaFree(d_out);
  cudaFree(d_dout);
}

template __global__ void render_dyn<4>(const uint2*, const int*, int, int, const double2*, const double4*, const double*,
                                       const double*, double*, double*);
