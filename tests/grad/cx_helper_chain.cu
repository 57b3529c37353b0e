// cuad: --fn chain --wrt y,x,s
// A 4-deep chain of helpers with __forceinline__, __noinline__ and `static inline`, one
// taking an out-parameter by reference and one by pointer.
static inline __device__ double h4(double v, double s) { return sin(v) * s + v * v; }
__device__ __noinline__ void h3(double v, double s, double& out) { out = h4(v, s) * v + exp(0.3 * v); }
__device__ __forceinline__ double h2(double v, double s) {
  double t = 0.0;
  h3(v * s, s, t);
  return t * t + v;
}
__device__ __noinline__ void h1(const double* v, double s, double* out) { *out = h2(v[0], s) + h2(v[1], 0.5 * s); }

__global__ void chain(double* y, const double* x, double s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double r;
    h1(&x[2 * i], s, &r);
    y[i] = r + y[i] * s;
  }
}
