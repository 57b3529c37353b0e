// cuad: --fn run
// cuad: fwd --fn run
// cuad: --fn steps
// cuad: fwd --fn steps
// cuad: --fn records
// cuad: fwd --fn records
// Host `memcpy` between buffers of reals (and of structs of reals) is the element-wise copy
// it is: the adjoint of the destination moves into the source's (reverse), the tangents are
// copied along (forward). `steps` overwrites a buffer whose old values the reverse pass still
// reads (saved like a cudaMemcpy's destination), in a time loop and partially (an offset, a
// shorter count); `records` copies structs through `std::memcpy` with `void*` casts, a
// scalar through its address, and records with an integer field.
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <cuda_runtime.h>

__global__ void scale(double* y, const double* x, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] * x[i];
}

void run(const double* h_x, double* h_y, double a, int n) {
  double* tmp = (double*)malloc(n * sizeof(double));
  memcpy(tmp, h_x, n * sizeof(double));
  double *dx, *dy;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpy(dx, tmp, n * sizeof(double), cudaMemcpyHostToDevice);
  scale<<<(n + 127) / 128, 128>>>(dy, dx, a, n);
  cudaMemcpy(h_y, dy, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
  free(tmp);
}

void steps(const double* h_x, double* h_y, double a, int n, int nt) {
  double* cur = (double*)malloc(n * sizeof(double));
  double* prev = (double*)malloc(n * sizeof(double));
  memcpy(cur, h_x, n * sizeof(double));
  for (int t = 0; t < nt; ++t) {
    memcpy(prev, cur, n * sizeof(double));
    for (int i = 1; i < n - 1; ++i) cur[i] = prev[i] + a * (prev[i - 1] - 2.0 * prev[i] + prev[i + 1]) * prev[i];
  }
  for (int i = 0; i < n; ++i) h_y[i] = cur[i] * cur[i];
  // Overwrites the first entries of cur (read by the loop above: saved), from an offset.
  memcpy(cur, h_x + 2, (n - 2) * sizeof(double));
  for (int i = 0; i < n; ++i) h_y[i] += sin(cur[i]) * prev[i];
  free(cur);
  free(prev);
}

struct P {
  double x, y;
};
struct Tagged {
  int id;
  double v;
};

void records(const P* h_p, double* h_out, double w, int n) {
  P* q = (P*)malloc(n * sizeof(P));
  std::memcpy((void*)q, (const void*)h_p, n * sizeof(P));
  for (int i = 0; i < n; ++i) q[i].x = q[i].x * w + q[i].y;
  double s;
  memcpy(&s, &h_p[1].y, sizeof s);
  // Records with an integer field beside the real one, copied whole.
  Tagged* t = (Tagged*)malloc(n * sizeof(Tagged));
  for (int i = 0; i < n; ++i) {
    t[i].id = (i * 5) % n;
    t[i].v = q[i].y * w;
  }
  Tagged* u = (Tagged*)malloc(n * sizeof(Tagged));
  memcpy(u, t, n * sizeof(Tagged));
  for (int i = 0; i < n; ++i) h_out[i] = q[i].x * q[i].y + s * w + u[u[i].id].v * q[i].x;
  free(q);
  free(t);
  free(u);
}
