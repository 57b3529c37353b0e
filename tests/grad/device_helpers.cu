// cuad: --fn k --wrt img,out,total
// A 2-D kernel with an indexing macro, a const local array, __constant__ weights, a device
// function with an early return inside a loop, and a device function that accumulates into
// a global scalar with atomicAdd.
#define IDX(r, c, w) ((r) * (w) + (c))
__constant__ double kW[3] = {1.0, 2.0, 0.5};
__device__ void accum(double* dst, double v) { atomicAdd(dst, v * v); }
__device__ double clampw(double v) {
  for (int k = 0; k < 4; ++k) {
    if (v > 10.0) return 10.0;
    v = v * 1.5;
  }
  return v;
}
__global__ void k(const double* img, double* out, double* total, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= 1 && x < w - 1 && y < h) {
    const double c[3] = {0.25, 0.5, 0.25};
    double s = 0.0;
    for (int d = -1; d <= 1; ++d) s += c[d + 1] * kW[d + 1] * img[IDX(y, x + d, w)];
    out[IDX(y, x, w)] = clampw(s);
    accum(total, s);
  }
}
