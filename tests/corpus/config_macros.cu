// Build-time configuration through the preprocessor: precision selection with
// #if/#elif/#else, feature switches with #ifdef/#ifndef/#undef, function-like macros with
// several arguments, stringification, token pasting and a multi-line macro.
#define USE_DOUBLE 1
#define ENABLE_BIAS
#define VERSION_MAJOR 2
#define VERSION_MINOR 3

#if defined(USE_DOUBLE) && USE_DOUBLE
typedef double real_t;
#define REAL(x) x
#define EXP exp
#elif defined(USE_HALF)
#error "half precision is not supported"
#else
typedef float real_t;
#define REAL(x) x##f
#define EXP expf
#endif

#if VERSION_MAJOR > 1 || (VERSION_MAJOR == 1 && VERSION_MINOR >= 5)
#define HAS_FAST_PATH 1
#endif

#define SQR(x) ((x) * (x))
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define CLAMP(v, lo, hi) (MAX2((lo), ((v) < (hi) ? (v) : (hi))))
#define STR_(x) #x
#define STR(x) STR_(x)
#define KERNEL_NAME(base) base##_kernel
#define GLOBAL_INDEX() (blockIdx.x * blockDim.x + threadIdx.x)
#define FOR_EACH_ELEMENT(i, n)                                                         \
  for (int i = GLOBAL_INDEX(); i < (n); i += blockDim.x * gridDim.x)

static const char *version_string = "v" STR(VERSION_MAJOR) "." STR(VERSION_MINOR);

__global__ void KERNEL_NAME(gaussian)(const real_t *x, real_t *y, real_t mu, real_t sigma,
                                      int n) {
  FOR_EACH_ELEMENT(i, n) {
    real_t z = (x[i] - mu) / sigma;
    y[i] = EXP(-REAL(0.5) * SQR(z));
#ifdef ENABLE_BIAS
    y[i] += REAL(1e-6);
#endif
  }
}

__global__ void KERNEL_NAME(clamp)(real_t *x, int n) {
  int i = GLOBAL_INDEX();
#ifndef HAS_FAST_PATH
  if (i >= n) return;
  x[i] = CLAMP(x[i], REAL(-1.0), REAL(1.0));
#else
  if (i < n)
    x[i] = CLAMP(x[i], -REAL(1.0), REAL(1.0));
#endif
}

#undef SQR
#define SQR(x) (x) * (x) /* redefined after #undef */

const char *get_version() { return version_string; }
