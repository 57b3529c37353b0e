// cuad: --fn pic2d_step --wrt xp,vp,qm
// One step of a 2-D electrostatic particle-in-cell code on a periodic grid, driven from the
// host: cudaMalloc/cudaMemcpy of particles stored as double2, cudaMemset of the charge grid,
// cloud-in-cell deposition (floor, four weights, periodic wrap, atomicAdd scatter), a
// one-block kernel removing the mean charge (neutralizing background) with a shared-memory
// tree reduction, a fixed number of Jacobi sweeps for the potential with std::swap of the
// device buffers, a central-difference field kernel, then the cloud-in-cell field gather
// fused with the leapfrog push and periodic wrap, copy back and cudaFree.
#include <cuda_runtime.h>
#include <utility>

#define NXG 8
#define NYG 8
#define NG (NXG * NYG)
#define WRAPX(i) (((i) % NXG + NXG) % NXG)
#define WRAPY(j) (((j) % NYG + NYG) % NYG)

struct CIC {
  int i0, j0, i1, j1;
  double wx, wy;  // weights of the i1 / j1 nodes
};

__device__ __forceinline__ CIC cic(double2 x, double dx) {
  CIC c;
  const double sx = x.x / dx, sy = x.y / dx;
  const double fx = floor(sx), fy = floor(sy);
  c.wx = sx - fx;
  c.wy = sy - fy;
  c.i0 = WRAPX((int)fx);
  c.j0 = WRAPY((int)fy);
  c.i1 = WRAPX(c.i0 + 1);
  c.j1 = WRAPY(c.j0 + 1);
  return c;
}

__global__ void deposit(const double2* __restrict__ xp, double* __restrict__ rho, double qw,
                        double dx, int np) {
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < np; p += blockDim.x * gridDim.x) {
    const CIC c = cic(xp[p], dx);
    const double q = qw / (dx * dx);
    atomicAdd(&rho[c.j0 * NXG + c.i0], q * (1.0 - c.wx) * (1.0 - c.wy));
    atomicAdd(&rho[c.j0 * NXG + c.i1], q * c.wx * (1.0 - c.wy));
    atomicAdd(&rho[c.j1 * NXG + c.i0], q * (1.0 - c.wx) * c.wy);
    atomicAdd(&rho[c.j1 * NXG + c.i1], q * c.wx * c.wy);
  }
}

template <int BLOCK>
__global__ void neutralize(double* rho) {
  __shared__ double s[BLOCK];
  const int t = threadIdx.x;
  s[t] = rho[t];
  __syncthreads();
  for (int o = BLOCK / 2; o > 0; o >>= 1) {
    if (t < o) s[t] += s[t + o];
    __syncthreads();
  }
  rho[t] -= s[0] / BLOCK;
}

__global__ void jacobi(double* __restrict__ phin, const double* __restrict__ phi,
                       const double* __restrict__ rho, double dx) {
  const int i = threadIdx.x, j = blockIdx.x;
  const double nb = phi[j * NXG + WRAPX(i - 1)] + phi[j * NXG + WRAPX(i + 1)] +
                    phi[WRAPY(j - 1) * NXG + i] + phi[WRAPY(j + 1) * NXG + i];
  phin[j * NXG + i] = 0.25 * (nb + dx * dx * rho[j * NXG + i]);
}

__global__ void efield(double2* __restrict__ E, const double* __restrict__ phi, double dx) {
  const int i = threadIdx.x, j = blockIdx.x;
  double2 e;
  e.x = -(phi[j * NXG + WRAPX(i + 1)] - phi[j * NXG + WRAPX(i - 1)]) / (2.0 * dx);
  e.y = -(phi[WRAPY(j + 1) * NXG + i] - phi[WRAPY(j - 1) * NXG + i]) / (2.0 * dx);
  E[j * NXG + i] = e;
}

__global__ void gather_push(double2* __restrict__ xp, double2* __restrict__ vp,
                            const double2* __restrict__ E, double qm, double dt, double dx,
                            int np) {
  const double L = NXG * dx;
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < np; p += blockDim.x * gridDim.x) {
    const CIC c = cic(xp[p], dx);
    const double w00 = (1.0 - c.wx) * (1.0 - c.wy), w10 = c.wx * (1.0 - c.wy);
    const double w01 = (1.0 - c.wx) * c.wy, w11 = c.wx * c.wy;
    const double2 e00 = E[c.j0 * NXG + c.i0], e10 = E[c.j0 * NXG + c.i1];
    const double2 e01 = E[c.j1 * NXG + c.i0], e11 = E[c.j1 * NXG + c.i1];
    const double ex = w00 * e00.x + w10 * e10.x + w01 * e01.x + w11 * e11.x;
    const double ey = w00 * e00.y + w10 * e10.y + w01 * e01.y + w11 * e11.y;
    double2 v = vp[p];
    v.x += qm * ex * dt;
    v.y += qm * ey * dt;
    double2 x = xp[p];
    x.x = fmod(x.x + v.x * dt + L, L);
    x.y = fmod(x.y + v.y * dt + L, L);
    vp[p] = v;
    xp[p] = x;
  }
}

void pic2d_step(double2* xp, double2* vp, double qm, double qw, double dt, double dx, int np,
                int sweeps) {
  double2 *d_x, *d_v, *d_E;
  double *d_rho, *d_phi, *d_phin;
  cudaMalloc(&d_x, np * sizeof(double2));
  cudaMalloc(&d_v, np * sizeof(double2));
  cudaMalloc(&d_E, NG * sizeof(double2));
  cudaMalloc(&d_rho, NG * sizeof(double));
  cudaMalloc(&d_phi, NG * sizeof(double));
  cudaMalloc(&d_phin, NG * sizeof(double));
  cudaMemcpy(d_x, xp, np * sizeof(double2), cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, vp, np * sizeof(double2), cudaMemcpyHostToDevice);
  cudaMemset(d_rho, 0, NG * sizeof(double));
  cudaMemset(d_phi, 0, NG * sizeof(double));
  const int threads = 32, blocks = (np + threads - 1) / threads;
  deposit<<<blocks, threads>>>(d_x, d_rho, qw, dx, np);
  neutralize<NG><<<1, NG>>>(d_rho);
  for (int s = 0; s < sweeps; ++s) {
    jacobi<<<NYG, NXG>>>(d_phin, d_phi, d_rho, dx);
    std::swap(d_phi, d_phin);
  }
  efield<<<NYG, NXG>>>(d_E, d_phi, dx);
  gather_push<<<blocks, threads>>>(d_x, d_v, d_E, qm, dt, dx, np);
  cudaMemcpy(xp, d_x, np * sizeof(double2), cudaMemcpyDeviceToHost);
  cudaMemcpy(vp, d_v, np * sizeof(double2), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_v);
  cudaFree(d_E);
  cudaFree(d_rho);
  cudaFree(d_phi);
  cudaFree(d_phin);
}
