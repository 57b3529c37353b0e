// cuad: --fn moving_index --wrt out,in,a
// cuad: --fn long_span --wrt out,in,w
// cuad: --fn inplace_twice --wrt x,a
// Loads of adjoint buffers that the gradient issues early (hoist_adjoint_loads): an output
// index that changes between two stores, a read-modify-write after a long span, and an
// in-place buffer whose adjoint is read, overwritten and read again.
__global__ void moving_index(double* out, const double* in, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int k = 2 * i;
    double v = in[i];
    out[k] = a * v;
    k = k + 1;
    out[k] = v * v + a;
  }
}

#define STEP4 v = v * 0.9 + sin(v) * w; v = v - 0.1 * cos(v * w); v = v + w * v * 0.01; v = v * (1.0 + 0.001 * w);

__global__ void long_span(double* out, double* in, double w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double v = in[i];
    STEP4 STEP4 STEP4 STEP4 STEP4 STEP4 STEP4 STEP4 STEP4 STEP4
    out[i] = v;
    in[i] = 0.5 * v;
  }
}

__global__ void inplace_twice(double* x, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    x[i] = sin(x[i]) * a;
    x[i] = x[i] * x[i] + a;
  }
}
