// cuad: --fn mac_project --wrt u,v,nu
// cuad: fwd --fn mac_project --wrt u,v,nu
// Pressure projection on a 2-D staggered (MAC) grid in a closed box, as in a small
// incompressible solver: an explicit viscous predictor on the interior faces, the divergence
// at cell centres, damped Jacobi sweeps for the pressure Poisson equation with Neumann walls
// (ping-pong buffers swapped with std::swap), a residual norm reduced with atomicAdd and read
// back every few sweeps to stop early, then the pressure-gradient correction of the face
// velocities. u (nx+1) x ny and v nx x (ny+1) are corrected in place; wall faces stay 0.
// Returns the number of sweeps.
#include <cuda_runtime.h>
#include <cmath>
#include <utility>

__host__ __device__ inline int uid(int i, int j, int nx) { return j * (nx + 1) + i; }
__host__ __device__ inline int vid(int i, int j, int nx) { return j * nx + i; }
__host__ __device__ inline int pid(int i, int j, int nx) { return j * nx + i; }

// u* = u + dt nu lap(u) on interior u faces (1..nx-1) x (0..ny-1), one-sided at the walls
__global__ void predict_u(const double* u, double* us, double nu, double dt_dx2, int nx, int ny) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > nx || j >= ny) return;
  const int c = uid(i, j, nx);
  if (i == 0 || i == nx) {
    us[c] = 0.0;
    return;
  }
  const double s = (j > 0 ? u[uid(i, j - 1, nx)] - u[c] : 0.0) + (j < ny - 1 ? u[uid(i, j + 1, nx)] - u[c] : 0.0);
  us[c] = u[c] + nu * dt_dx2 * (u[uid(i - 1, j, nx)] + u[uid(i + 1, j, nx)] - 2.0 * u[c] + s);
}

__global__ void predict_v(const double* v, double* vs, double nu, double dt_dx2, int nx, int ny) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j > ny) return;
  const int c = vid(i, j, nx);
  if (j == 0 || j == ny) {
    vs[c] = 0.0;
    return;
  }
  const double s = (i > 0 ? v[vid(i - 1, j, nx)] - v[c] : 0.0) + (i < nx - 1 ? v[vid(i + 1, j, nx)] - v[c] : 0.0);
  vs[c] = v[c] + nu * dt_dx2 * (v[vid(i, j - 1, nx)] + v[vid(i, j + 1, nx)] - 2.0 * v[c] + s);
}

__global__ void divergence(const double* us, const double* vs, double* div, int nx, int ny) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  div[pid(i, j, nx)] = us[uid(i + 1, j, nx)] - us[uid(i, j, nx)] + vs[vid(i, j + 1, nx)] - vs[vid(i, j, nx)];
}

// damped Jacobi for sum_nb (p_nb - p) = div (grid units), Neumann walls: missing neighbours drop out
__global__ void jacobi(const double* p, double* pn, const double* div, double omega, int nx, int ny,
                       double* res2) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  const int c = pid(i, j, nx);
  double sum = 0.0;
  int cnt = 0;
  if (i > 0) { sum += p[pid(i - 1, j, nx)]; ++cnt; }
  if (i < nx - 1) { sum += p[pid(i + 1, j, nx)]; ++cnt; }
  if (j > 0) { sum += p[pid(i, j - 1, nx)]; ++cnt; }
  if (j < ny - 1) { sum += p[pid(i, j + 1, nx)]; ++cnt; }
  const double r = sum - cnt * p[c] - div[c];
  pn[c] = p[c] + omega * r / cnt;
  atomicAdd(res2, r * r);
}

__global__ void correct(double* u, double* v, const double* us, const double* vs, const double* p,
                        int nx, int ny) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i <= nx && j < ny) {
    const int c = uid(i, j, nx);
    u[c] = (i == 0 || i == nx) ? 0.0 : us[c] - (p[pid(i, j, nx)] - p[pid(i - 1, j, nx)]);
  }
  if (i < nx && j <= ny) {
    const int c = vid(i, j, nx);
    v[c] = (j == 0 || j == ny) ? 0.0 : vs[c] - (p[pid(i, j, nx)] - p[pid(i, j - 1, nx)]);
  }
}

int mac_project(double* u, double* v, double nu, double dt_dx2, int nx, int ny, int max_sweeps,
                double tol) {
  const int nu_ = (nx + 1) * ny, nv_ = nx * (ny + 1), np = nx * ny;
  double *d_u, *d_v, *d_us, *d_vs, *d_div, *d_p, *d_pn, *d_res;
  cudaMalloc(&d_u, nu_ * sizeof(double));
  cudaMalloc(&d_v, nv_ * sizeof(double));
  cudaMalloc(&d_us, nu_ * sizeof(double));
  cudaMalloc(&d_vs, nv_ * sizeof(double));
  cudaMalloc(&d_div, np * sizeof(double));
  cudaMalloc(&d_p, np * sizeof(double));
  cudaMalloc(&d_pn, np * sizeof(double));
  cudaMalloc(&d_res, sizeof(double));
  cudaMemcpy(d_u, u, nu_ * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, v, nv_ * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_p, 0, np * sizeof(double));
  const dim3 blk(8, 8), grd((nx + 8) / 8, (ny + 8) / 8);
  predict_u<<<grd, blk>>>(d_u, d_us, nu, dt_dx2, nx, ny);
  predict_v<<<grd, blk>>>(d_v, d_vs, nu, dt_dx2, nx, ny);
  divergence<<<grd, blk>>>(d_us, d_vs, d_div, nx, ny);
  int sweeps = 0;
  while (sweeps < max_sweeps) {
    cudaMemset(d_res, 0, sizeof(double));
    jacobi<<<grd, blk>>>(d_p, d_pn, d_div, 0.8, nx, ny, d_res);
    std::swap(d_p, d_pn);
    ++sweeps;
    if (sweeps % 4 == 0) {
      double res2 = 0.0;
      cudaMemcpy(&res2, d_res, sizeof(double), cudaMemcpyDeviceToHost);
      if (std::sqrt(res2) < tol) break;
    }
  }
  correct<<<grd, blk>>>(d_u, d_v, d_us, d_vs, d_p, nx, ny);
  cudaMemcpy(u, d_u, nu_ * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(v, d_v, nv_ * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_v);
  cudaFree(d_us);
  cudaFree(d_vs);
  cudaFree(d_div);
  cudaFree(d_p);
  cudaFree(d_pn);
  cudaFree(d_res);
  return sweeps;
}
