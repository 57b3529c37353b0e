// cuad: --fn swe_edges_run --wrt h0,hu0,hv0,g,h_out
// An edge-based unstructured finite-volume shallow-water solver: one thread per face computes
// the Rusanov flux between its left and right cells in the face's normal frame and scatters it
// into the cells' residuals with atomicAdd (a boundary face has right = -1 and sees the mirror
// state of a slip wall); a second kernel divides by the cell area and advances the state. Heun's
// RK2 from the host, the residual buffers cleared with cudaMemset before each evaluation. The
// connectivity (int arrays) and the geometry are uploaded once per call.
#include <cuda_runtime.h>

struct FaceGeom {
  double nx, ny, len;
};

__device__ void rotated_rusanov(double hl, double hul, double hvl, double hr, double hur,
                                double hvr, double nx, double ny, double g, double* f) {
  const double unl = (hul * nx + hvl * ny) / hl, unr = (hur * nx + hvr * ny) / hr;
  const double ul = hul / hl, vl = hvl / hl, ur = hur / hr, vr = hvr / hr;
  const double a = fmax(fabs(unl) + sqrt(g * hl), fabs(unr) + sqrt(g * hr));
  const double pl = 0.5 * g * hl * hl, pr = 0.5 * g * hr * hr;
  f[0] = 0.5 * (hl * unl + hr * unr) - 0.5 * a * (hr - hl);
  f[1] = 0.5 * (hul * unl + pl * nx + hur * unr + pr * nx) - 0.5 * a * (hr * ur - hl * ul);
  f[2] = 0.5 * (hvl * unl + pl * ny + hvr * unr + pr * ny) - 0.5 * a * (hr * vr - hl * vl);
}

__global__ void face_fluxes(const int* __restrict__ left, const int* __restrict__ right,
                            const FaceGeom* __restrict__ geo, const double* h, const double* hu,
                            const double* hv, double g, int nfaces, double* rh, double* rhu,
                            double* rhv) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= nfaces) return;
  const int L = left[e], R = right[e];
  const FaceGeom fg = geo[e];
  const double hl = h[L], hul = hu[L], hvl = hv[L];
  double hr, hur, hvr;
  if (R >= 0) {
    hr = h[R];
    hur = hu[R];
    hvr = hv[R];
  } else {  // slip wall: reflect the normal momentum
    const double mn = hul * fg.nx + hvl * fg.ny;
    hr = hl;
    hur = hul - 2.0 * mn * fg.nx;
    hvr = hvl - 2.0 * mn * fg.ny;
  }
  double f[3];
  rotated_rusanov(hl, hul, hvl, hr, hur, hvr, fg.nx, fg.ny, g, f);
  atomicAdd(&rh[L], -fg.len * f[0]);
  atomicAdd(&rhu[L], -fg.len * f[1]);
  atomicAdd(&rhv[L], -fg.len * f[2]);
  if (R >= 0) {
    atomicAdd(&rh[R], fg.len * f[0]);
    atomicAdd(&rhu[R], fg.len * f[1]);
    atomicAdd(&rhv[R], fg.len * f[2]);
  }
}

// out = a * base + b * (in + dt * r / area)
__global__ void advance(double* out, const double* base, const double* in, const double* r,
                        const double* area, double a, double b, double dt, int ncells) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncells) return;
  out[c] = a * base[c] + b * (in[c] + dt * r[c] / area[c]);
}

void swe_edges_run(const double* h0, const double* hu0, const double* hv0, double g,
                   const int* left, const int* right, const FaceGeom* geo, const double* area,
                   int ncells, int nfaces, double dt, int nsteps, double* h_out) {
  const size_t cb = ncells * sizeof(double);
  int *d_left, *d_right;
  FaceGeom* d_geo;
  double *d_area, *d_h, *d_hu, *d_hv, *d_h1, *d_hu1, *d_hv1, *d_rh, *d_rhu, *d_rhv;
  cudaMalloc(&d_left, nfaces * sizeof(int));
  cudaMalloc(&d_right, nfaces * sizeof(int));
  cudaMalloc(&d_geo, nfaces * sizeof(FaceGeom));
  cudaMalloc(&d_area, cb);
  cudaMalloc(&d_h, cb);
  cudaMalloc(&d_hu, cb);
  cudaMalloc(&d_hv, cb);
  cudaMalloc(&d_h1, cb);
  cudaMalloc(&d_hu1, cb);
  cudaMalloc(&d_hv1, cb);
  cudaMalloc(&d_rh, cb);
  cudaMalloc(&d_rhu, cb);
  cudaMalloc(&d_rhv, cb);
  cudaMemcpy(d_left, left, nfaces * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_right, right, nfaces * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_geo, geo, nfaces * sizeof(FaceGeom), cudaMemcpyHostToDevice);
  cudaMemcpy(d_area, area, cb, cudaMemcpyHostToDevice);
  cudaMemcpy(d_h, h0, cb, cudaMemcpyHostToDevice);
  cudaMemcpy(d_hu, hu0, cb, cudaMemcpyHostToDevice);
  cudaMemcpy(d_hv, hv0, cb, cudaMemcpyHostToDevice);
  const int tpb = 64, fb = (nfaces + tpb - 1) / tpb, nb = (ncells + tpb - 1) / tpb;
  for (int s = 0; s < nsteps; ++s) {
    cudaMemset(d_rh, 0, cb);
    cudaMemset(d_rhu, 0, cb);
    cudaMemset(d_rhv, 0, cb);
    face_fluxes<<<fb, tpb>>>(d_left, d_right, d_geo, d_h, d_hu, d_hv, g, nfaces, d_rh, d_rhu, d_rhv);
    advance<<<nb, tpb>>>(d_h1, d_h, d_h, d_rh, d_area, 0.0, 1.0, dt, ncells);
    advance<<<nb, tpb>>>(d_hu1, d_hu, d_hu, d_rhu, d_area, 0.0, 1.0, dt, ncells);
    advance<<<nb, tpb>>>(d_hv1, d_hv, d_hv, d_rhv, d_area, 0.0, 1.0, dt, ncells);
    cudaMemset(d_rh, 0, cb);
    cudaMemset(d_rhu, 0, cb);
    cudaMemset(d_rhv, 0, cb);
    face_fluxes<<<fb, tpb>>>(d_left, d_right, d_geo, d_h1, d_hu1, d_hv1, g, nfaces, d_rh, d_rhu, d_rhv);
    advance<<<nb, tpb>>>(d_h, d_h, d_h1, d_rh, d_area, 0.5, 0.5, dt, ncells);
    advance<<<nb, tpb>>>(d_hu, d_hu, d_hu1, d_rhu, d_area, 0.5, 0.5, dt, ncells);
    advance<<<nb, tpb>>>(d_hv, d_hv, d_hv1, d_rhv, d_area, 0.5, 0.5, dt, ncells);
  }
  cudaMemcpy(h_out, d_h, cb, cudaMemcpyDeviceToHost);
  cudaFree(d_left);
  cudaFree(d_right);
  cudaFree(d_geo);
  cudaFree(d_area);
  cudaFree(d_h);
  cudaFree(d_hu);
  cudaFree(d_hv);
  cudaFree(d_h1);
  cudaFree(d_hu1);
  cudaFree(d_hv1);
  cudaFree(d_rh);
  cudaFree(d_rhu);
  cudaFree(d_rhv);
}
