// cuad: --fn host_views --wrt v,w,scale,out
// A host function puts device pointers into a struct (a "view": a real buffer, an integer
// buffer, a nested struct's pointer and a real field) and passes it by value to a kernel,
// field by field in a ping-pong loop (std::swap of the buffers between launches), then with
// an aggregate initializer. The host's adjoint of the struct mirrors its pointer fields
// (`a.v = d_x` sets `_d_a.v = _d_d_x`, saved per iteration in the loop) and the kernel
// gradient's struct adjoint gets them copied in; its real field starts at zero.
#include <cuda_runtime.h>
#include <utility>

struct Coeffs {
  const double* w;
};

struct View {
  const double* v;
  const int* perm;
  Coeffs c;
  double scale;
  int n;
};

__global__ void gather_scale(View a, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < a.n) out[i] = a.scale * a.v[a.perm[i]] * a.v[i] + a.c.w[i];
}

void host_views(const double* v, const double* w, const int* perm, double scale, double* out,
                int n, int iters) {
  double *d_x, *d_y, *d_w;
  int* d_perm;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMalloc(&d_w, n * sizeof(double));
  cudaMalloc(&d_perm, n * sizeof(int));
  cudaMemcpy(d_x, v, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, w, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_perm, perm, n * sizeof(int), cudaMemcpyHostToDevice);
  for (int it = 0; it < iters; ++it) {
    View a;
    a.v = d_x;
    a.perm = d_perm;
    a.c.w = d_w;
    a.scale = scale;
    a.n = n;
    gather_scale<<<1, 32>>>(a, d_y);
    std::swap(d_x, d_y);
  }
  View b{d_x, d_perm, {d_w}, 0.5 * scale, n};
  gather_scale<<<1, 32>>>(b, d_y);
  cudaMemcpy(out, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_w);
  cudaFree(d_perm);
}
