// cuad: --fn window --wrt x,out
// Minimal: a host function copies a window of a pitched device array back with cudaMemcpy2D,
// addressing the window's corner in bytes, `(char*)d + z0 * pitch + x0 * sizeof(double)` (the
// usual pitched-memory idiom). Reverse mode refuses: "cannot differentiate through the cast of
// `d` to `char*`: ... values read or written through it as integer bits would drop them",
// though nothing is read as integers; `d + z0 * (pitch / sizeof(double)) + x0` is taken.
#include <cuda_runtime.h>

__global__ void square(double* d, size_t pitch, int nx, int nz) {
  const int x = threadIdx.x, z = threadIdx.y;
  if (x < nx && z < nz) {
    double* r = (double*)((char*)d + z * pitch);
    r[x] = r[x] * r[x];
  }
}

void window(const double* x, int nx, int nz, int x0, int z0, int wx, int wz, double* out) {
  size_t pitch;
  double* d;
  cudaMallocPitch(&d, &pitch, nx * sizeof(double), nz);
  cudaMemcpy2D(d, pitch, x, nx * sizeof(double), nx * sizeof(double), nz, cudaMemcpyHostToDevice);
  square<<<1, dim3(16, 16)>>>(d, pitch, nx, nz);
  cudaMemcpy2D(out, wx * sizeof(double), (char*)d + z0 * pitch + x0 * sizeof(double), pitch, wx * sizeof(double),
               wz, cudaMemcpyDeviceToHost);
  cudaFree(d);
}
