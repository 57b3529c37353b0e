// cuad: --fn var3d_cost --wrt xa,xb,yo,sigma_b
// cuad: fwd --fn obs_term --wrt xa,yo,jo
// 3D-Var cost function of a 2-D analysis (surface temperature): the background term uses a
// B^-1 modelled as (I - L^2 Laplacian) / sigma_b^2, i.e. sum d^2 + L^2 |grad d|^2 with
// forward differences on the grid (no term past the last row/column), the observation term
// interpolates the analysis bilinearly to each observation location (the observation
// operator H) and uses a Huber norm on the normalised innovation (variational quality
// control). Both kernels reduce their per-thread terms with warp shuffles and add each
// warp's sum into a device scalar with atomicAdd; threads past the end still take part in
// the shuffles with a zero term. The host function uploads everything, launches the two
// kernels, reads the two scalars back and returns J = Jb + Jo.
#include <cuda_runtime.h>

struct GridDesc {
  int nx, ny;
  double x0, y0, dx, dy;
};

#define GIDX(i, j) ((j) * g.nx + (i))
constexpr unsigned kFullMask = 0xffffffffu;

__device__ __forceinline__ double warp_sum(double v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(kFullMask, v, off);
  return v;
}

__global__ void bg_term(GridDesc g, const double* __restrict__ xa, const double* __restrict__ xb,
                        double sigma_b, double L, double* __restrict__ jb) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  double term = 0.0;
  if (i < g.nx && j < g.ny) {
    const double d = xa[GIDX(i, j)] - xb[GIDX(i, j)];
    double grad2 = 0.0;
    if (i + 1 < g.nx) {
      const double gx = (xa[GIDX(i + 1, j)] - xb[GIDX(i + 1, j)] - d) / g.dx;
      grad2 += gx * gx;
    }
    if (j + 1 < g.ny) {
      const double gy = (xa[GIDX(i, j + 1)] - xb[GIDX(i, j + 1)] - d) / g.dy;
      grad2 += gy * gy;
    }
    term = 0.5 * (d * d + L * L * grad2) / (sigma_b * sigma_b);
  }
  term = warp_sum(term);
  if ((threadIdx.x & 31) == 0) atomicAdd(jb, term);
}

__device__ double huber(double r, double c) {
  const double a = fabs(r);
  return a <= c ? 0.5 * r * r : c * a - 0.5 * c * c;
}

__global__ void obs_term(GridDesc g, int nobs, const double* __restrict__ ox,
                         const double* __restrict__ oy, const double* __restrict__ yo,
                         const double* __restrict__ sigma_o, const double* __restrict__ xa,
                         double huber_c, double* __restrict__ jo) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  double term = 0.0;
  if (k < nobs) {
    const double sx = (ox[k] - g.x0) / g.dx, sy = (oy[k] - g.y0) / g.dy;
    const int i = (int)floor(sx), j = (int)floor(sy);
    const double a = sx - i, b = sy - j;
    const double hx = (1.0 - a) * (1.0 - b) * xa[GIDX(i, j)] + a * (1.0 - b) * xa[GIDX(i + 1, j)] +
                      (1.0 - a) * b * xa[GIDX(i, j + 1)] + a * b * xa[GIDX(i + 1, j + 1)];
    term = huber((yo[k] - hx) / sigma_o[k], huber_c);
  }
  term = warp_sum(term);
  if ((threadIdx.x & 31) == 0) atomicAdd(jo, term);
}

double var3d_cost(GridDesc g, const double* xa, const double* xb, int nobs, const double* ox,
                  const double* oy, const double* yo, const double* sigma_o, double sigma_b,
                  double L, double huber_c) {
  const int n = g.nx * g.ny;
  double *d_xa, *d_xb, *d_ox, *d_oy, *d_yo, *d_so, *d_j;
  cudaMalloc(&d_xa, n * sizeof(double));
  cudaMalloc(&d_xb, n * sizeof(double));
  cudaMalloc(&d_ox, nobs * sizeof(double));
  cudaMalloc(&d_oy, nobs * sizeof(double));
  cudaMalloc(&d_yo, nobs * sizeof(double));
  cudaMalloc(&d_so, nobs * sizeof(double));
  cudaMalloc(&d_j, 2 * sizeof(double));
  cudaMemcpy(d_xa, xa, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_xb, xb, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_ox, ox, nobs * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_oy, oy, nobs * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_yo, yo, nobs * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_so, sigma_o, nobs * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_j, 0, 2 * sizeof(double));
  dim3 block(32, 4), grid((g.nx + 31) / 32, (g.ny + 3) / 4);
  bg_term<<<grid, block>>>(g, d_xa, d_xb, sigma_b, L, d_j);
  obs_term<<<(nobs + 63) / 64, 64>>>(g, nobs, d_ox, d_oy, d_yo, d_so, d_xa, huber_c, d_j + 1);
  double J[2];
  cudaMemcpy(J, d_j, 2 * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_xa);
  cudaFree(d_xb);
  cudaFree(d_ox);
  cudaFree(d_oy);
  cudaFree(d_yo);
  cudaFree(d_so);
  cudaFree(d_j);
  return J[0] + J[1];
}
