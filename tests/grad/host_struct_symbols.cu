// cuad: --fn shade --wrt x,a,b,y
// Struct symbols filled by cudaMemcpyToSymbol from host structs carrying derivatives: a
// `__constant__` parameter block (real fields of one type beside an integer count) and a
// `__device__` array of them. Their adjoints are globals of the same types; the kernel's reads
// (a field, an array element's field, the whole struct copied to a local) add into them, and
// the copies' reverse moves them into the host structs' adjoints, summed as arrays of their one
// real type (before: "`c_p` has type `P`; cuad keeps adjoints of symbols that are real scalars
// or fixed-size arrays of reals").
#include <cuda_runtime.h>

struct P {
  double a;
  int n;
  double b[2];
};

__constant__ P c_p;
__device__ P c_arr[3];

__global__ void shade_kernel(double* y, const double* x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const P q = c_p;
  if (i < q.n) y[i] = q.a * x[i] * x[i] + c_arr[i % 3].b[1] * x[i] + c_p.b[0] * c_arr[i % 3].a;
}

void shade(const double* x, double a, const double* b, double* y, int n) {
  P p;
  p.a = a;
  p.n = n;
  p.b[0] = b[0];
  p.b[1] = b[1];
  P arr[3];
  for (int j = 0; j < 3; ++j) {
    arr[j].a = a * b[j];
    arr[j].n = n;
    arr[j].b[0] = b[j];
    arr[j].b[1] = b[j] * b[j];
  }
  cudaMemcpyToSymbol(c_p, &p, sizeof(P));
  cudaMemcpyToSymbol(c_arr, arr, sizeof(arr));
  double *dx, *dy;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpy(dx, x, n * sizeof(double), cudaMemcpyHostToDevice);
  shade_kernel<<<(n + 31) / 32, 32>>>(dy, dx);
  cudaMemcpy(y, dy, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
}
