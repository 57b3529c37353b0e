// cuad: --fn forward_ref --wrt m,x,y
// cuad: --fn forward_ptr --wrt m,x,y
// A host function that receives its model as a struct of device buffers, by const reference
// or by pointer, and launches kernels with the fields: `m.h` is scratch the first kernel
// writes and the second reads. The struct is used only through its fields, so they are read
// into locals on entry (`m_w = m.w`, adjoint `_d_m_w = (*_d_m).w`) and traced as pointer
// variables. (Before: "kernel `mul` writes through `m.h`, which cuad cannot trace to a
// buffer".)
#include <cuda_runtime.h>

struct Model {
  double* w;
  double* h;
  double gain;
  int n;
};

__global__ void mul(const double* w, const double* x, double* o, double gain, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = gain * w[i] * x[i] * x[i] + sin(x[(i + 1) % n]);
}

void forward_ref(const Model& m, const double* x, double* y) {
  const int blocks = (m.n + 63) / 64;
  mul<<<blocks, 64>>>(m.w, x, m.h, m.gain, m.n);
  mul<<<blocks, 64>>>(m.w, m.h, y, 0.5 * m.gain, m.n);
}

void forward_ptr(const Model* m, const double* x, double* y) {
  const int blocks = (m->n + 63) / 64;
  mul<<<blocks, 64>>>(m->w, x, m->h, m->gain, m->n);
  mul<<<blocks, 64>>>(m->w, m->h, y, m->gain * m->gain, m->n);
}
