// cuad: --fn coating_merit --wrt n_re,n_im,thick,spectrum,merit
// cuad: fwd --fn coating_merit --wrt n_re,n_im,thick,spectrum,merit
// Reflectance of an absorbing multilayer at normal incidence by Rouard's method, written as a
// recursion over the layers (the reflection coefficient seen from layer l combines the
// Fresnel coefficient of interface l with the coefficient of everything below, delayed by the
// layer's round-trip phase): a recursive __device__ function taking and returning a complex
// struct by value, plain complex helpers, one thread per wavelength. The kernel writes the
// spectrum and accumulates a least-squares merit against a target spectrum with atomicAdd
// (coating optimisation).
#include <cuda_runtime.h>

struct cplx {
  double re, im;
};

__device__ __forceinline__ cplx c_make(double r, double i) { cplx z; z.re = r; z.im = i; return z; }
__device__ __forceinline__ cplx c_add(cplx a, cplx b) { return c_make(a.re + b.re, a.im + b.im); }
__device__ __forceinline__ cplx c_sub(cplx a, cplx b) { return c_make(a.re - b.re, a.im - b.im); }
__device__ __forceinline__ cplx c_mul(cplx a, cplx b) {
  return c_make(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}
__device__ __forceinline__ cplx c_div(cplx a, cplx b) {
  const double d = b.re * b.re + b.im * b.im;
  return c_make((a.re * b.re + a.im * b.im) / d, (a.im * b.re - a.re * b.im) / d);
}
// exp(2 i k0 n d) for complex n
__device__ __forceinline__ cplx round_trip(cplx n, double k0d) {
  const double a = 2.0 * k0d;
  const double mag = exp(-a * n.im);
  return c_make(mag * cos(a * n.re), mag * sin(a * n.re));
}

__device__ cplx stack_r(const double* n_re, const double* n_im, const double* thick, int l, int nl,
                        double k0, double n_sub, cplx n_prev) {
  const cplx n_l = l < nl ? c_make(n_re[l], n_im[l]) : c_make(n_sub, 0.0);
  const cplx r = c_div(c_sub(n_prev, n_l), c_add(n_prev, n_l));
  if (l == nl) return r;
  const cplx below = stack_r(n_re, n_im, thick, l + 1, nl, k0, n_sub, n_l);
  const cplx t = c_mul(below, round_trip(n_l, k0 * thick[l]));
  return c_div(c_add(r, t), c_add(c_make(1.0, 0.0), c_mul(r, t)));
}

__global__ void coating_merit(const double* n_re, const double* n_im, const double* thick, int nl,
                              const double* lambda, const double* target, int nw, double n_sub,
                              double* spectrum, double* merit) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= nw) return;
  const double k0 = 6.283185307179586 / lambda[k];
  const cplx r = stack_r(n_re, n_im, thick, 0, nl, k0, n_sub, c_make(1.0, 0.0));
  const double R = r.re * r.re + r.im * r.im;
  spectrum[k] = R;
  const double e = R - target[k];
  atomicAdd(merit, e * e);
}
