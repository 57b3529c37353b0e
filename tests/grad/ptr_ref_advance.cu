// cuad: --fn k
// cuad: fwd --fn k
// Pointers passed by reference to helpers that move them, as stream readers and writers do:
// `take(p)` reads `*p` and advances it (three times, and in a loop), `skip(p, k)` moves it by
// `p = p + k`, `take2` passes it on to `take` twice, values read through the pointer before and
// after the moves, and `put(o, v)` stores `*o = v` and advances an output pointer. The adjoint
// pointers move with them; the reverse pass sees each call's pointer value.
#include <cuda_runtime.h>

__device__ double take(const double*& p) {
  double v = *p;
  ++p;
  return v;
}
__device__ void skip(const double*& p, int k) { p = p + k; }
__device__ double take2(const double*& p) { return take(p) * take(p); }
__device__ void put(double*& o, double v) {
  *o = v;
  o += 1;
}

__global__ void k(const double* x, const double* w, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const double* p = x + 9 * i;
    double first = p[0];
    double a = take(p);
    double b = take(p);
    double c = take(p);
    double s = 0;
    for (int j = 0; j < 2; ++j) s += w[j] * take(p) * first;
    skip(p, 1);
    double d = take2(p) + *p;
    double* o = out + 3 * i;
    put(o, a * b + c * c);
    put(o, sin(s) * d);
    put(o, s * a);
  }
}
