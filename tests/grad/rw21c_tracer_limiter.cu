// cuad: --fn tracer_run --wrt q0,u,q_out
// Tracer advection in a 2-D ocean basin, as an ocean model's transport module ported from
// Fortran writes it: a flux-form upwind scheme with a TVD flux-limiter correction (minmod,
// superbee or van Leer, chosen by a switch on a run-time flag), face velocities on a C-grid
// (u on east faces, v on north faces), a land/sea mask with a switch on the cell type (land
// and coastal faces carry no flux), zonally periodic, closed north and south walls, the
// gradient ratio r guarded with copysign, and a host time loop of flux and update kernels on
// 2-D dim3 launches.
#include <cuda_runtime.h>

#define IDX(i, j) ((j) * nx + (i))
#define OCEAN 0
#define LAND 1

__device__ double limiter(double r, int kind) {
  switch (kind) {
    case 1:  // minmod
      return fmax(0.0, fmin(1.0, r));
    case 2:  // superbee
      return fmax(0.0, fmax(fmin(2.0 * r, 1.0), fmin(r, 2.0)));
    case 3:  // van Leer
      return (r + fabs(r)) / (1.0 + fabs(r));
    default:  // first-order upwind
      return 0.0;
  }
}

// Flux through a face with velocity vel between cells with values qm (behind), q0, q1, qp (ahead).
__device__ double face_flux(double qmm, double qm, double qp, double qpp, double vel, double cfl,
                            int kind) {
  const double dq = qp - qm;
  const double den = fabs(dq) > 1e-12 ? dq : copysign(1e-12, dq);
  const double r = vel > 0.0 ? (qm - qmm) / den : (qpp - qp) / den;
  const double upw = vel > 0.0 ? vel * qm : vel * qp;
  return upw + 0.5 * fabs(vel) * (1.0 - cfl * fabs(vel)) * limiter(r, kind) * dq;
}

__global__ void fluxes(const double* q, const double* u, const double* v, const int* mask,
                       double* fx, double* fy, double dtdx, int nx, int ny, int kind) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  // east face of (i, j): periodic in x
  const int im = (i + nx - 1) % nx, ip = (i + 1) % nx, ipp = (i + 2) % nx;
  double f = 0.0;
  switch (mask[IDX(i, j)] + 2 * mask[IDX(ip, j)]) {
    case OCEAN:  // both cells wet
      f = face_flux(q[IDX(im, j)], q[IDX(i, j)], q[IDX(ip, j)], q[IDX(ipp, j)], u[IDX(i, j)], dtdx, kind);
      break;
    default:  // a land cell on either side: closed face
      f = 0.0;
  }
  fx[IDX(i, j)] = f;
  // north face of (i, j): closed at the northern wall
  double g = 0.0;
  if (j < ny - 1 && mask[IDX(i, j)] == OCEAN && mask[IDX(i, j + 1)] == OCEAN) {
    const double qmm = j > 0 ? q[IDX(i, j - 1)] : q[IDX(i, j)];
    const double qpp = j < ny - 2 ? q[IDX(i, j + 2)] : q[IDX(i, j + 1)];
    g = face_flux(qmm, q[IDX(i, j)], q[IDX(i, j + 1)], qpp, v[IDX(i, j)], dtdx, kind);
  }
  fy[IDX(i, j)] = g;
}

__global__ void update(double* q, const double* fx, const double* fy, const int* mask, double dtdx,
                       int nx, int ny) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  if (mask[IDX(i, j)] == LAND) return;
  const int im = (i + nx - 1) % nx;
  const double fs = j > 0 ? fy[IDX(i, j - 1)] : 0.0;
  q[IDX(i, j)] -= dtdx * (fx[IDX(i, j)] - fx[IDX(im, j)] + fy[IDX(i, j)] - fs);
}

void tracer_run(const double* q0, const double* u, const double* v, const int* mask, double* q_out,
                double dtdx, int nx, int ny, int nsteps, int kind) {
  const size_t bytes = (size_t)nx * ny * sizeof(double);
  double *d_q, *d_u, *d_v, *d_fx, *d_fy;
  int* d_mask;
  cudaMalloc(&d_q, bytes);
  cudaMalloc(&d_u, bytes);
  cudaMalloc(&d_v, bytes);
  cudaMalloc(&d_fx, bytes);
  cudaMalloc(&d_fy, bytes);
  cudaMalloc(&d_mask, nx * ny * sizeof(int));
  cudaMemcpy(d_q, q0, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_u, u, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, v, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_mask, mask, nx * ny * sizeof(int), cudaMemcpyHostToDevice);
  dim3 block(8, 4);
  dim3 grid((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y);
  for (int t = 0; t < nsteps; ++t) {
    fluxes<<<grid, block>>>(d_q, d_u, d_v, d_mask, d_fx, d_fy, dtdx, nx, ny, kind);
    update<<<grid, block>>>(d_q, d_fx, d_fy, d_mask, dtdx, nx, ny);
  }
  cudaMemcpy(q_out, d_q, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_q);
  cudaFree(d_u);
  cudaFree(d_v);
  cudaFree(d_fx);
  cudaFree(d_fy);
  cudaFree(d_mask);
}
