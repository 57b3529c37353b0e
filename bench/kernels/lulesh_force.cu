// Workload 8: volume-force element kernel in the style of LULESH's IntegrateStressForElems
// (CalcElemShapeFunctionDerivatives, CalcElemNodeNormals, SumElemStressesToNodeForces),
// double. Per element: gather the 8 nodes through the connectivity array, shape-function
// derivatives and volume in a helper with array and reference out-params, node normals from
// the six faces, and 8 corner forces written per element (not scattered). The gradient
// w.r.t. the node coordinates scatters through the connectivity array.
// Differentiated with:
//   cuad grad lulesh_force.cu --fn integrate_stress --wrt fx,fy,fz,determ,x,y,z

__device__ void shape_derivatives(const double* x, const double* y, const double* z, double* bx,
                                  double* by, double* bz, double& volume) {
  double fjxxi = 0.125 * ((x[6] - x[0]) + (x[5] - x[3]) - (x[7] - x[1]) - (x[4] - x[2]));
  double fjxet = 0.125 * ((x[6] - x[0]) - (x[5] - x[3]) + (x[7] - x[1]) - (x[4] - x[2]));
  double fjxze = 0.125 * ((x[6] - x[0]) + (x[5] - x[3]) + (x[7] - x[1]) + (x[4] - x[2]));
  double fjyxi = 0.125 * ((y[6] - y[0]) + (y[5] - y[3]) - (y[7] - y[1]) - (y[4] - y[2]));
  double fjyet = 0.125 * ((y[6] - y[0]) - (y[5] - y[3]) + (y[7] - y[1]) - (y[4] - y[2]));
  double fjyze = 0.125 * ((y[6] - y[0]) + (y[5] - y[3]) + (y[7] - y[1]) + (y[4] - y[2]));
  double fjzxi = 0.125 * ((z[6] - z[0]) + (z[5] - z[3]) - (z[7] - z[1]) - (z[4] - z[2]));
  double fjzet = 0.125 * ((z[6] - z[0]) - (z[5] - z[3]) + (z[7] - z[1]) - (z[4] - z[2]));
  double fjzze = 0.125 * ((z[6] - z[0]) + (z[5] - z[3]) + (z[7] - z[1]) + (z[4] - z[2]));
  // Cofactors of the Jacobian.
  double cjxxi = (fjyet * fjzze) - (fjzet * fjyze);
  double cjxet = -(fjyxi * fjzze) + (fjzxi * fjyze);
  double cjxze = (fjyxi * fjzet) - (fjzxi * fjyet);
  double cjyxi = -(fjxet * fjzze) + (fjzet * fjxze);
  double cjyet = (fjxxi * fjzze) - (fjzxi * fjxze);
  double cjyze = -(fjxxi * fjzet) + (fjzxi * fjxet);
  double cjzxi = (fjxet * fjyze) - (fjyet * fjxze);
  double cjzet = -(fjxxi * fjyze) + (fjyxi * fjxze);
  double cjzze = (fjxxi * fjyet) - (fjyxi * fjxet);
  bx[0] = -cjxxi - cjxet - cjxze;
  bx[1] = cjxxi - cjxet - cjxze;
  bx[2] = cjxxi + cjxet - cjxze;
  bx[3] = -cjxxi + cjxet - cjxze;
  bx[4] = -bx[2];
  bx[5] = -bx[3];
  bx[6] = -bx[0];
  bx[7] = -bx[1];
  by[0] = -cjyxi - cjyet - cjyze;
  by[1] = cjyxi - cjyet - cjyze;
  by[2] = cjyxi + cjyet - cjyze;
  by[3] = -cjyxi + cjyet - cjyze;
  by[4] = -by[2];
  by[5] = -by[3];
  by[6] = -by[0];
  by[7] = -by[1];
  bz[0] = -cjzxi - cjzet - cjzze;
  bz[1] = cjzxi - cjzet - cjzze;
  bz[2] = cjzxi + cjzet - cjzze;
  bz[3] = -cjzxi + cjzet - cjzze;
  bz[4] = -bz[2];
  bz[5] = -bz[3];
  bz[6] = -bz[0];
  bz[7] = -bz[1];
  volume = 8.0 * (fjxet * cjxet + fjyet * cjyet + fjzet * cjzet);
}

// Adds a quarter of the area vector of face (i0, i1, i2, i3) to each of its four nodes.
__device__ void sum_face_normal(double* nx, double* ny, double* nz, int i0, int i1, int i2,
                                int i3, const double* x, const double* y, const double* z) {
  double bisect_x0 = 0.5 * (x[i3] + x[i2] - x[i1] - x[i0]);
  double bisect_y0 = 0.5 * (y[i3] + y[i2] - y[i1] - y[i0]);
  double bisect_z0 = 0.5 * (z[i3] + z[i2] - z[i1] - z[i0]);
  double bisect_x1 = 0.5 * (x[i2] + x[i1] - x[i3] - x[i0]);
  double bisect_y1 = 0.5 * (y[i2] + y[i1] - y[i3] - y[i0]);
  double bisect_z1 = 0.5 * (z[i2] + z[i1] - z[i3] - z[i0]);
  double area_x = 0.25 * (bisect_y0 * bisect_z1 - bisect_z0 * bisect_y1);
  double area_y = 0.25 * (bisect_z0 * bisect_x1 - bisect_x0 * bisect_z1);
  double area_z = 0.25 * (bisect_x0 * bisect_y1 - bisect_y0 * bisect_x1);
  nx[i0] += area_x;
  nx[i1] += area_x;
  nx[i2] += area_x;
  nx[i3] += area_x;
  ny[i0] += area_y;
  ny[i1] += area_y;
  ny[i2] += area_y;
  ny[i3] += area_y;
  nz[i0] += area_z;
  nz[i1] += area_z;
  nz[i2] += area_z;
  nz[i3] += area_z;
}

__device__ void node_normals(double* nx, double* ny, double* nz, const double* x, const double* y,
                             const double* z) {
  for (int k = 0; k < 8; ++k) {
    nx[k] = 0.0;
    ny[k] = 0.0;
    nz[k] = 0.0;
  }
  sum_face_normal(nx, ny, nz, 0, 1, 2, 3, x, y, z);
  sum_face_normal(nx, ny, nz, 0, 4, 5, 1, x, y, z);
  sum_face_normal(nx, ny, nz, 1, 5, 6, 2, x, y, z);
  sum_face_normal(nx, ny, nz, 2, 6, 7, 3, x, y, z);
  sum_face_normal(nx, ny, nz, 3, 7, 4, 0, x, y, z);
  sum_face_normal(nx, ny, nz, 4, 7, 6, 5, x, y, z);
}

__global__ void integrate_stress(double* fx, double* fy, double* fz, double* determ,
                                 const double* x, const double* y, const double* z,
                                 const int* nodelist, const double* sigxx, const double* sigyy,
                                 const double* sigzz, int num_elem) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < num_elem) {
    double xl[8];
    double yl[8];
    double zl[8];
    for (int n = 0; n < 8; ++n) {
      int g = nodelist[8 * k + n];
      xl[n] = x[g];
      yl[n] = y[g];
      zl[n] = z[g];
    }
    double bx[8];
    double by[8];
    double bz[8];
    double volume = 0.0;
    shape_derivatives(xl, yl, zl, bx, by, bz, volume);
    determ[k] = volume;
    node_normals(bx, by, bz, xl, yl, zl);
    for (int n = 0; n < 8; ++n) {
      fx[8 * k + n] = -(sigxx[k] * bx[n]);
      fy[8 * k + n] = -(sigyy[k] * by[n]);
      fz[8 * k + n] = -(sigzz[k] * bz[n]);
    }
  }
}
