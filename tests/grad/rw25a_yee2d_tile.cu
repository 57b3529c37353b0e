// cuad: --fn update_ez --wrt f,inv_eps
// cuad: fwd --fn update_ez --wrt f,inv_eps
// Ez update of a 2-D TMz Yee scheme in single precision, as a GPU FDTD solver writes it: the
// fields travel in a struct of device pointers passed by value (Ez and its two CPML memory
// variables updated in place, Hx/Hy read), Hy and Hx are staged into shared-memory tiles
// with a one-cell halo on the low side (loaded by the edge threads, zero outside the grid),
// the CPML grading (b, c, 1/kappa per depth) sits in __constant__ arrays and a __device__
// helper returns whether a coordinate lies in the absorbing layer together with its
// coefficients through references. The curl is stretched inside the layer:
// dH -> dH / kappa + psi, psi <- b psi + c dH.
#include <cuda_runtime.h>

#define TX 8
#define TY 8
#define NPML 3

__constant__ float c_b[NPML] = {0.95f, 0.83f, 0.64f};
__constant__ float c_c[NPML] = {-0.04f, -0.13f, -0.29f};
__constant__ float c_kinv[NPML] = {0.9f, 0.7f, 0.5f};

struct YeeFields {
  float* ez;
  const float* hx;  // hx(i, j + 1/2) stored at (i, j)
  const float* hy;  // hy(i + 1/2, j) stored at (i, j)
  float* psi_x;     // CPML memory for dHy/dx
  float* psi_y;     // CPML memory for dHx/dy
};

__device__ bool cpml_coeffs(int i, int n, float& b, float& c, float& kinv) {
  int d = -1;
  if (i < NPML) d = NPML - 1 - i;
  else if (i >= n - NPML) d = i - (n - NPML);
  if (d < 0) return false;
  b = c_b[d];
  c = c_c[d];
  kinv = c_kinv[d];
  return true;
}

__global__ void update_ez(YeeFields f, const float* __restrict__ inv_eps, int nx, int ny,
                          float dtdx) {
  __shared__ float s_hy[TY][TX + 1];
  __shared__ float s_hx[TY + 1][TX];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int i = blockIdx.x * TX + tx, j = blockIdx.y * TY + ty;
  const bool inside = i < nx && j < ny;
  const int idx = j * nx + i;
  s_hy[ty][tx + 1] = inside ? f.hy[idx] : 0.0f;
  s_hx[ty + 1][tx] = inside ? f.hx[idx] : 0.0f;
  if (tx == 0) s_hy[ty][0] = (inside && i > 0) ? f.hy[idx - 1] : 0.0f;
  if (ty == 0) s_hx[0][tx] = (inside && j > 0) ? f.hx[idx - nx] : 0.0f;
  __syncthreads();
  if (!inside) return;

  float dhy = s_hy[ty][tx + 1] - s_hy[ty][tx];
  float dhx = s_hx[ty + 1][tx] - s_hx[ty][tx];
  float b, c, kinv;
  if (cpml_coeffs(i, nx, b, c, kinv)) {
    const float p = b * f.psi_x[idx] + c * dhy;
    f.psi_x[idx] = p;
    dhy = dhy * kinv + p;
  }
  if (cpml_coeffs(j, ny, b, c, kinv)) {
    const float p = b * f.psi_y[idx] + c * dhx;
    f.psi_y[idx] = p;
    dhx = dhx * kinv + p;
  }
  f.ez[idx] += dtdx * inv_eps[idx] * (dhy - dhx);
}
