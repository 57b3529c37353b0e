// cuad: --fn window2 --wrt x,out,tail
// cuad: fwd --fn window2
// Byte-offset addresses given to runtime copies, the pitched-memory idiom: a window uploaded
// into a pitched array at `(char*)d + z0 * pitch + x0 * sizeof(double)` (destination), read
// back from another corner with `(const char*)` and a `(size_t)` cast, and a 1-D
// `cudaMemcpy` from `(char*)e + k * sizeof(double)`. The offsets are whole elements (terms
// with a `sizeof` of the element or the pitch `cudaMallocPitch` gave), so the adjoint copies
// use the same offsets in the adjoint buffers.
#include <cuda_runtime.h>

__global__ void square(double* d, size_t pitch, int nx, int nz) {
  const int x = threadIdx.x, z = threadIdx.y;
  if (x < nx && z < nz) {
    double* r = (double*)((char*)d + z * pitch);
    r[x] = r[x] * r[x] + 0.5 * r[x];
  }
}

void window2(const double* x, int nx, int nz, int wx, int wz, double* out, double* tail) {
  size_t pitch;
  double *d, *e;
  cudaMallocPitch(&d, &pitch, nx * sizeof(double), nz);
  cudaMemset2D(d, pitch, 0, nx * sizeof(double), nz);
  cudaMemcpy2D((char*)d + 1 * pitch + 1 * sizeof(double), pitch, x, wx * sizeof(double),
               wx * sizeof(double), wz, cudaMemcpyHostToDevice);
  square<<<1, dim3(16, 16)>>>(d, pitch, nx, nz);
  cudaMemcpy2D(out, wx * sizeof(double), (const char*)d + (size_t)2 * pitch + 2 * sizeof(double),
               pitch, wx * sizeof(double), wz - 1, cudaMemcpyDeviceToHost);
  cudaMalloc(&e, wx * sizeof(double));
  cudaMemcpy(e, x, wx * sizeof(double), cudaMemcpyHostToDevice);
  square<<<1, dim3(16, 1)>>>(e, wx * sizeof(double), wx, 1);
  cudaMemcpy(tail, (char*)e + 1 * sizeof(double), (wx - 1) * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d);
  cudaFree(e);
}
