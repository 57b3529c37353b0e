// cuad: --fn mac --wrt y,x,s
// Macros producing code: function-like macros for expressions, a statement macro with
// do/while(0), token pasting to name helpers, stringizing ignored, a multi-line macro defining a
// device function, an object-like macro for a constant, and #if/#else selection.
#define SQR(v) ((v) * (v))
#define AXPY(a, xx, yy) ((a) * (xx) + (yy))
#define ACCUM(dst, val) \
  do {                  \
    (dst) += (val);     \
  } while (0)
#define DEF_UNARY(name, expr) \
  __device__ double name(double v) { return expr; }
#define HELPER(n) helper_##n
#define SCALE 1.5
#define USE_TANH 1

DEF_UNARY(helper_a, SQR(v) + SCALE * v)
DEF_UNARY(helper_b, sin(v) * v)

__global__ void mac(double* y, const double* x, double s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double acc = 0.0;
    ACCUM(acc, SQR(x[i] + s));
    ACCUM(acc, AXPY(s, x[i], 1.0));
    acc += HELPER(a)(x[i]) * HELPER(b)(s);
#if USE_TANH
    acc += tanh(acc * 0.1);
#else
    acc += acc;
#endif
    y[i] = acc + SQR(y[i]);
  }
}
