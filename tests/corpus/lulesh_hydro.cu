// LULESH-style hexahedral element kernels: gather eight nodal coordinates through the
// element connectivity, compute the element volume and the shape-function derivatives
// with helper device functions that return results through reference parameters.
typedef double Real_t;
typedef int Index_t;

#define SIXTH (Real_t(1.0) / Real_t(6.0))

__device__ inline Real_t triple_product(Real_t x1, Real_t y1, Real_t z1, Real_t x2, Real_t y2,
                                        Real_t z2, Real_t x3, Real_t y3, Real_t z3) {
  return x1 * (y2 * z3 - z2 * y3) + x2 * (z1 * y3 - y1 * z3) + x3 * (y1 * z2 - z1 * y2);
}

__device__ inline void gather_nodes(const Index_t *nodelist, Index_t elem, const Real_t *x,
                                    const Real_t *y, const Real_t *z, Real_t x_local[8],
                                    Real_t y_local[8], Real_t z_local[8]) {
  const Index_t *elemToNode = &nodelist[8 * elem];
#pragma unroll
  for (int lnode = 0; lnode < 8; ++lnode) {
    Index_t gnode = elemToNode[lnode];
    x_local[lnode] = x[gnode];
    y_local[lnode] = y[gnode];
    z_local[lnode] = z[gnode];
  }
}

__device__ Real_t calc_elem_volume(const Real_t x[8], const Real_t y[8], const Real_t z[8]) {
  Real_t dx61 = x[6] - x[1], dy61 = y[6] - y[1], dz61 = z[6] - z[1];
  Real_t dx70 = x[7] - x[0], dy70 = y[7] - y[0], dz70 = z[7] - z[0];
  Real_t dx63 = x[6] - x[3], dy63 = y[6] - y[3], dz63 = z[6] - z[3];
  Real_t dx20 = x[2] - x[0], dy20 = y[2] - y[0], dz20 = z[2] - z[0];
  Real_t dx50 = x[5] - x[0], dy50 = y[5] - y[0], dz50 = z[5] - z[0];
  Real_t dx64 = x[6] - x[4], dy64 = y[6] - y[4], dz64 = z[6] - z[4];
  Real_t dx31 = x[3] - x[1], dy31 = y[3] - y[1], dz31 = z[3] - z[1];
  Real_t dx72 = x[7] - x[2], dy72 = y[7] - y[2], dz72 = z[7] - z[2];
  Real_t dx43 = x[4] - x[3], dy43 = y[4] - y[3], dz43 = z[4] - z[3];
  Real_t dx57 = x[5] - x[7], dy57 = y[5] - y[7], dz57 = z[5] - z[7];
  Real_t dx14 = x[1] - x[4], dy14 = y[1] - y[4], dz14 = z[1] - z[4];
  Real_t dx25 = x[2] - x[5], dy25 = y[2] - y[5], dz25 = z[2] - z[5];
  Real_t volume =
      triple_product(dx31 + dx72, dx63, dx20, dy31 + dy72, dy63, dy20, dz31 + dz72, dz63, dz20) +
      triple_product(dx43 + dx57, dx64, dx70, dy43 + dy57, dy64, dy70, dz43 + dz57, dz64, dz70) +
      triple_product(dx14 + dx25, dx61, dx50, dy14 + dy25, dy61, dy50, dz14 + dz25, dz61, dz50);
  return volume * Real_t(1.0 / 12.0);
}

__device__ void calc_face_normal(Real_t &nx, Real_t &ny, Real_t &nz, const Real_t x[8],
                                 const Real_t y[8], const Real_t z[8], int n0, int n1, int n2,
                                 int n3) {
  Real_t bisectX0 = 0.5 * (x[n3] + x[n2] - x[n1] - x[n0]);
  Real_t bisectY0 = 0.5 * (y[n3] + y[n2] - y[n1] - y[n0]);
  Real_t bisectZ0 = 0.5 * (z[n3] + z[n2] - z[n1] - z[n0]);
  Real_t bisectX1 = 0.5 * (x[n2] + x[n1] - x[n3] - x[n0]);
  Real_t bisectY1 = 0.5 * (y[n2] + y[n1] - y[n3] - y[n0]);
  Real_t bisectZ1 = 0.5 * (z[n2] + z[n1] - z[n3] - z[n0]);
  nx = 0.25 * (bisectY0 * bisectZ1 - bisectZ0 * bisectY1);
  ny = 0.25 * (bisectZ0 * bisectX1 - bisectX0 * bisectZ1);
  nz = 0.25 * (bisectX0 * bisectY1 - bisectY0 * bisectX1);
}

__device__ void sum_elem_face_normal(Real_t *fx, Real_t *fy, Real_t *fz, const Real_t x[8],
                                     const Real_t y[8], const Real_t z[8], int n0, int n1, int n2,
                                     int n3) {
  Real_t nx, ny, nz;
  calc_face_normal(nx, ny, nz, x, y, z, n0, n1, n2, n3);
  fx[n0] += nx; fy[n0] += ny; fz[n0] += nz;
  fx[n1] += nx; fy[n1] += ny; fz[n1] += nz;
  fx[n2] += nx; fy[n2] += ny; fz[n2] += nz;
  fx[n3] += nx; fy[n3] += ny; fz[n3] += nz;
}

__global__ void calc_volume_force(const Index_t *nodelist, const Real_t *x, const Real_t *y,
                                  const Real_t *z, const Real_t *p, const Real_t *q,
                                  Real_t *vol_out, Real_t *fx_elem, Real_t *fy_elem,
                                  Real_t *fz_elem, Index_t numElem) {
  Index_t elem = blockDim.x * blockIdx.x + threadIdx.x;
  if (elem >= numElem)
    return;
  Real_t xl[8], yl[8], zl[8];
  gather_nodes(nodelist, elem, x, y, z, xl, yl, zl);
  Real_t volume = calc_elem_volume(xl, yl, zl);
  vol_out[elem] = volume;
  Real_t bx[8] = {0}, by[8] = {0}, bz[8] = {0};
  sum_elem_face_normal(bx, by, bz, xl, yl, zl, 0, 1, 2, 3);
  sum_elem_face_normal(bx, by, bz, xl, yl, zl, 0, 4, 5, 1);
  sum_elem_face_normal(bx, by, bz, xl, yl, zl, 1, 5, 6, 2);
  sum_elem_face_normal(bx, by, bz, xl, yl, zl, 2, 6, 7, 3);
  sum_elem_face_normal(bx, by, bz, xl, yl, zl, 3, 7, 4, 0);
  sum_elem_face_normal(bx, by, bz, xl, yl, zl, 4, 7, 6, 5);
  Real_t sig = -(p[elem] + q[elem]);
  for (int i = 0; i < 8; ++i) {
    fx_elem[8 * elem + i] = -sig * bx[i];
    fy_elem[8 * elem + i] = -sig * by[i];
    fz_elem[8 * elem + i] = -sig * bz[i];
  }
}

__global__ void apply_nodal_forces(const Index_t *nodeElemStart, const Index_t *nodeElemCornerList,
                                   const Real_t *fx_elem, Real_t *fx, Index_t numNode) {
  Index_t g = blockDim.x * blockIdx.x + threadIdx.x;
  if (g < numNode) {
    Index_t count = nodeElemStart[g + 1] - nodeElemStart[g];
    Real_t fxs = Real_t(0.0);
    for (Index_t i = 0; i < count; ++i)
      fxs += fx_elem[nodeElemCornerList[nodeElemStart[g] + i]];
    fx[g] = fxs;
  }
}
