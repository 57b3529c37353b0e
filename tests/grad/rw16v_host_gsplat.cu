// cuad: --fn render_gaussians --wrt gs,bg,image
// A small 3-D Gaussian splatting renderer (the structure of 3DGS rasterizers): a
// preprocess kernel per Gaussian builds the 3-D covariance R S S^T R^T from a log-scale and a
// quaternion (local 3x3 arrays, loops), projects it with the Jacobian of the pinhole
// projection J W Sigma W^T J^T (+0.3 px dilation), inverts the 2-D covariance into a conic
// and writes a Proj2D struct; the host copies the view-space depths back, orders the
// Gaussians front to back with std::sort on an index vector, uploads the order, and a
// 2-D-launched render kernel alpha-blends them per pixel (skipping alpha < 1/255, clamping
// alpha at 0.99, stopping when the transmittance would fall below 1e-4), adding the
// background with the final transmittance. The camera is a struct passed by value.
#include <cuda_runtime.h>
#include <algorithm>
#include <numeric>
#include <vector>

struct Gaussian3D {
  double3 mean;
  double3 log_scale;
  double4 rot;  // quaternion: w in .x, (x, y, z) in (.y, .z, .w); not necessarily normalised
  double opacity_logit;
  double3 color;
};

struct Proj2D {
  double2 mean;
  double3 conic;  // inverse 2-D covariance (a, b, c)
  double opacity;
  double3 color;
};

struct Camera {
  double R[9];  // world -> camera rotation, row-major
  double t[3];
  double fx, fy, cx, cy;
};

__device__ void quat_to_rot(double4 q, double M[3][3]) {
  const double n = rsqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  const double w = q.x * n, x = q.y * n, y = q.z * n, z = q.w * n;
  M[0][0] = 1 - 2 * (y * y + z * z); M[0][1] = 2 * (x * y - w * z);     M[0][2] = 2 * (x * z + w * y);
  M[1][0] = 2 * (x * y + w * z);     M[1][1] = 1 - 2 * (x * x + z * z); M[1][2] = 2 * (y * z - w * x);
  M[2][0] = 2 * (x * z - w * y);     M[2][1] = 2 * (y * z + w * x);     M[2][2] = 1 - 2 * (x * x + y * y);
}

__global__ void preprocess(const Gaussian3D* __restrict__ gs, int n, Camera cam,
                           Proj2D* __restrict__ proj, double* __restrict__ depth) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Gaussian3D g = gs[i];
  const double m[3] = {g.mean.x, g.mean.y, g.mean.z};
  double pc[3];
  for (int r = 0; r < 3; ++r)
    pc[r] = cam.R[3 * r] * m[0] + cam.R[3 * r + 1] * m[1] + cam.R[3 * r + 2] * m[2] + cam.t[r];
  double Rq[3][3];
  quat_to_rot(g.rot, Rq);
  const double s[3] = {exp(g.log_scale.x), exp(g.log_scale.y), exp(g.log_scale.z)};
  double Sig[3][3];
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b) {
      double acc = 0.0;
      for (int k = 0; k < 3; ++k) acc += Rq[a][k] * s[k] * s[k] * Rq[b][k];
      Sig[a][b] = acc;
    }
  const double iz = 1.0 / pc[2];
  // T = J W (2x3)
  const double J[2][3] = {{cam.fx * iz, 0.0, -cam.fx * pc[0] * iz * iz},
                          {0.0, cam.fy * iz, -cam.fy * pc[1] * iz * iz}};
  double T[2][3];
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 3; ++b)
      T[a][b] = J[a][0] * cam.R[b] + J[a][1] * cam.R[3 + b] + J[a][2] * cam.R[6 + b];
  double C2[2][2];
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 2; ++b) {
      double acc = 0.0;
      for (int k = 0; k < 3; ++k)
        for (int l = 0; l < 3; ++l) acc += T[a][k] * Sig[k][l] * T[b][l];
      C2[a][b] = acc;
    }
  C2[0][0] += 0.3;
  C2[1][1] += 0.3;
  const double det = C2[0][0] * C2[1][1] - C2[0][1] * C2[1][0];
  Proj2D p;
  p.mean = make_double2(cam.fx * pc[0] * iz + cam.cx, cam.fy * pc[1] * iz + cam.cy);
  p.conic = make_double3(C2[1][1] / det, -C2[0][1] / det, C2[0][0] / det);
  p.opacity = 1.0 / (1.0 + exp(-g.opacity_logit));
  p.color = g.color;
  proj[i] = p;
  depth[i] = pc[2];
}

__global__ void render(const Proj2D* __restrict__ proj, const int* __restrict__ order, int n, int W,
                       int H, double3 bg, double3* __restrict__ image) {
  const int px = blockIdx.x * blockDim.x + threadIdx.x;
  const int py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= W || py >= H) return;
  const double2 pix = make_double2(px + 0.5, py + 0.5);
  double T = 1.0;
  double3 C = make_double3(0.0, 0.0, 0.0);
  for (int k = 0; k < n; ++k) {
    const Proj2D& g = proj[order[k]];
    const double dx = pix.x - g.mean.x, dy = pix.y - g.mean.y;
    const double power = -0.5 * (g.conic.x * dx * dx + g.conic.z * dy * dy) - g.conic.y * dx * dy;
    if (power > 0.0) continue;
    const double alpha = fmin(0.99, g.opacity * exp(power));
    if (alpha < 1.0 / 255.0) continue;
    const double test_T = T * (1.0 - alpha);
    if (test_T < 1e-4) break;
    C.x += g.color.x * alpha * T;
    C.y += g.color.y * alpha * T;
    C.z += g.color.z * alpha * T;
    T = test_T;
  }
  image[py * W + px] = make_double3(C.x + T * bg.x, C.y + T * bg.y, C.z + T * bg.z);
}

void render_gaussians(const Gaussian3D* gs, int n, Camera cam, int W, int H, double3 bg,
                      double3* image) {
  Gaussian3D* d_gs;
  Proj2D* d_proj;
  double* d_depth;
  int* d_order;
  double3* d_img;
  cudaMalloc(&d_gs, n * sizeof(Gaussian3D));
  cudaMalloc(&d_proj, n * sizeof(Proj2D));
  cudaMalloc(&d_depth, n * sizeof(double));
  cudaMalloc(&d_order, n * sizeof(int));
  cudaMalloc(&d_img, W * H * sizeof(double3));
  cudaMemcpy(d_gs, gs, n * sizeof(Gaussian3D), cudaMemcpyHostToDevice);
  preprocess<<<(n + 31) / 32, 32>>>(d_gs, n, cam, d_proj, d_depth);
  std::vector<double> depth(n);
  cudaMemcpy(depth.data(), d_depth, n * sizeof(double), cudaMemcpyDeviceToHost);
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return depth[a] < depth[b]; });
  cudaMemcpy(d_order, order.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  dim3 block(8, 8), grid((W + 7) / 8, (H + 7) / 8);
  render<<<grid, block>>>(d_proj, d_order, n, W, H, bg, d_img);
  cudaMemcpy(image, d_img, W * H * sizeof(double3), cudaMemcpyDeviceToHost);
  cudaFree(d_gs);
  cudaFree(d_proj);
  cudaFree(d_depth);
  cudaFree(d_order);
  cudaFree(d_img);
}
