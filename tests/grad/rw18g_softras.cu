// cuad: --fn soft_rasterize --wrt face_verts,face_z,face_colors,image
// cuad: --fn soft_rasterize --wrt face_verts,sigma,gamma,image
// Soft Rasterizer forward pass (the structure of SoftRas's forward_soft_rasterize kernel),
// one thread per pixel on a 2-D grid: the pixel center in NDC, per face the edge functions
// and barycentric coordinates (orientation-independent), the inside test, the squared
// distance to the nearest edge segment (clamped projection), faces farther than the cutoff
// where the probability falls under 1e-4 skipped, coverage sigmoid(+-d^2 / sigma), the
// soft silhouette 1 - prod(1 - p), barycentrics clipped to [0, 1] and renormalised,
// perspective-correct depth 1 / sum(w_k / z_k), a soft z-buffer softmax over
// (far - z) / (far - near) whose running maximum rescales the accumulators (online
// softmax), per-vertex colors interpolated, background blended with weight exp((eps - zmax)
// / gamma). The image is RGBA, pixel-major.
#include <cuda_runtime.h>
#include <math.h>

#define SR_EPS 1e-3

__device__ __forceinline__ double edge_fn(double2 a, double2 b, double2 p) {
  return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

// squared distance from p to the segment ab
__device__ __forceinline__ double seg_dist2(double2 a, double2 b, double2 p) {
  const double ex = b.x - a.x, ey = b.y - a.y;
  double t = ((p.x - a.x) * ex + (p.y - a.y) * ey) / (ex * ex + ey * ey);
  t = fmin(fmax(t, 0.0), 1.0);
  const double dx = a.x + t * ex - p.x, dy = a.y + t * ey - p.y;
  return dx * dx + dy * dy;
}

__global__ void soft_rasterize(const double* __restrict__ face_verts,
                               const double* __restrict__ face_z,
                               const double* __restrict__ face_colors, int num_faces, int H, int W,
                               double sigma, double gamma, double znear, double zfar,
                               double3 background, double* __restrict__ image) {
  const int px = blockIdx.x * blockDim.x + threadIdx.x;
  const int py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= W || py >= H) return;
  const double2 p = make_double2((2.0 * px + 1.0 - W) / W, (2.0 * py + 1.0 - H) / H);
  const double threshold = sigma * log(1.0 / 1e-4 - 1.0);

  double soft_one_minus = 1.0;
  double zmax = SR_EPS;
  double wsum = 0.0;
  double acc[3] = {0.0, 0.0, 0.0};

  for (int f = 0; f < num_faces; ++f) {
    const double* fv = face_verts + f * 6;
    const double2 v0 = make_double2(fv[0], fv[1]);
    const double2 v1 = make_double2(fv[2], fv[3]);
    const double2 v2 = make_double2(fv[4], fv[5]);
    const double area = edge_fn(v0, v1, v2);
    double w[3];
    w[0] = edge_fn(v1, v2, p) / area;
    w[1] = edge_fn(v2, v0, p) / area;
    w[2] = edge_fn(v0, v1, p) / area;
    const bool inside = w[0] > 0.0 && w[1] > 0.0 && w[2] > 0.0;

    const double dis = fmin(fmin(seg_dist2(v0, v1, p), seg_dist2(v1, v2, p)), seg_dist2(v2, v0, p));
    if (!inside && dis >= threshold) continue;
    const double sign = inside ? 1.0 : -1.0;
    const double prob = 1.0 / (1.0 + exp(-sign * dis / sigma));
    soft_one_minus *= 1.0 - prob;

    double wsum_clip = 0.0;
    for (int k = 0; k < 3; ++k) {
      w[k] = fmin(fmax(w[k], 0.0), 1.0);
      wsum_clip += w[k];
    }
    for (int k = 0; k < 3; ++k) w[k] /= wsum_clip;

    const double* fz = face_z + f * 3;
    const double zp = 1.0 / (w[0] / fz[0] + w[1] / fz[1] + w[2] / fz[2]);
    if (zp <= znear || zp >= zfar) continue;
    const double zn = (zfar - zp) / (zfar - znear);
    if (zn > zmax) {
      const double rescale = exp((zmax - zn) / gamma);
      wsum *= rescale;
      for (int c = 0; c < 3; ++c) acc[c] *= rescale;
      zmax = zn;
    }
    const double weight = prob * exp((zn - zmax) / gamma);
    const double* fc = face_colors + f * 9;
    for (int c = 0; c < 3; ++c)
      acc[c] += weight * (w[0] * fc[c] + w[1] * fc[3 + c] + w[2] * fc[6 + c]);
    wsum += weight;
  }

  const double wbg = exp((SR_EPS - zmax) / gamma);
  const double inv = 1.0 / (wsum + wbg);
  double* out = image + (py * W + px) * 4;
  out[0] = (acc[0] + wbg * background.x) * inv;
  out[1] = (acc[1] + wbg * background.y) * inv;
  out[2] = (acc[2] + wbg * background.z) * inv;
  out[3] = 1.0 - soft_one_minus;
}
