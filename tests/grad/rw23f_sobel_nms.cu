// cuad: --fn sobel_nms --wrt img,mag_out,ang_out
// Canny-like edge strength: Sobel derivatives from a 3x3 clamp-to-edge neighbourhood loaded
// into a local array, the gradient magnitude (with a small epsilon), the direction by atan2,
// quantized into one of four sectors (branches on the angle) for a soft non-maximum
// suppression against the two neighbours along the gradient (whose magnitudes are recomputed
// by a helper). Outputs the suppressed magnitude and the orientation doubled (cos 2 theta).
#include <cuda_runtime.h>
#include <math.h>

#define PI_D 3.14159265358979323846

__device__ __forceinline__ int cl(int v, int n) { return v < 0 ? 0 : (v >= n ? n - 1 : v); }

__device__ double sobel_mag(const double* __restrict__ img, int x, int y, int W, int H,
                           double* gx_out, double* gy_out) {
  double p[3][3];
  for (int j = -1; j <= 1; ++j)
    for (int i = -1; i <= 1; ++i) p[j + 1][i + 1] = img[cl(y + j, H) * W + cl(x + i, W)];
  const double gx = (p[0][2] + 2.0 * p[1][2] + p[2][2]) - (p[0][0] + 2.0 * p[1][0] + p[2][0]);
  const double gy = (p[2][0] + 2.0 * p[2][1] + p[2][2]) - (p[0][0] + 2.0 * p[0][1] + p[0][2]);
  *gx_out = gx;
  *gy_out = gy;
  return sqrt(gx * gx + gy * gy + 1e-6);
}

__global__ void sobel_nms(const double* __restrict__ img, int W, int H, double softness,
                          double* __restrict__ mag_out, double* __restrict__ ang_out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  double gx, gy, gx2, gy2;
  const double m = sobel_mag(img, x, y, W, H, &gx, &gy);
  double theta = atan2(gy, gx);
  if (theta < 0.0) theta += PI_D;
  int ox, oy;
  if (theta < PI_D / 8 || theta >= 7 * PI_D / 8) {
    ox = 1; oy = 0;
  } else if (theta < 3 * PI_D / 8) {
    ox = 1; oy = 1;
  } else if (theta < 5 * PI_D / 8) {
    ox = 0; oy = 1;
  } else {
    ox = -1; oy = 1;
  }
  const double ma = sobel_mag(img, x + ox, y + oy, W, H, &gx2, &gy2);
  const double mb = sobel_mag(img, x - ox, y - oy, W, H, &gx2, &gy2);
  const double neighbour = fmax(ma, mb);
  // soft suppression: a sigmoid of how much the pixel beats its stronger neighbour
  const double keep = 1.0 / (1.0 + exp(-(m - neighbour) / softness));
  mag_out[y * W + x] = m * keep;
  ang_out[y * W + x] = cos(2.0 * theta) * m;
}
