// cuad: --fn scale2 --wrt x,y
// cuad: fwd --fn scale2 --wrt x,y
// Copies between buffers of a vector type and of its scalar type, in every direction: H2D from
// `double*` into `double2*`, D2D from `double2*` into `double*` (and back), D2H from
// `double2*` into `double*`. The reverse sums the adjoints as arrays of the scalar type,
// whichever end is the vector type.
#include <cuda_runtime.h>

__global__ void sq2(const double2* x, double2* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = make_double2(x[i].x * x[i].y, x[i].y * x[i].y + x[i].x);
}

__global__ void scale_flat(double* f, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) f[i] = f[i] * (1.0 + 0.1 * i);
}

void scale2(const double* x, double* y, int n) {
  double2 *d_x, *d_y, *d_z;
  double* d_flat;
  cudaMalloc(&d_x, n * sizeof(double2));
  cudaMalloc(&d_y, n * sizeof(double2));
  cudaMalloc(&d_z, n * sizeof(double2));
  cudaMalloc(&d_flat, 2 * n * sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double2), cudaMemcpyHostToDevice);
  sq2<<<1, 32>>>(d_x, d_y, n);
  cudaMemcpy(d_flat, d_y, n * sizeof(double2), cudaMemcpyDeviceToDevice);
  scale_flat<<<1, 32>>>(d_flat, 2 * n);
  cudaMemcpy(d_z, d_flat, 2 * n * sizeof(double), cudaMemcpyDeviceToDevice);
  sq2<<<1, 32>>>(d_z, d_y, n);
  cudaMemcpy(y, d_y, n * sizeof(double2), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_z);
  cudaFree(d_flat);
}
