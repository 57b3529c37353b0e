// cuad: --fn burgers_muscl --wrt qn,q
// 1-D finite-volume Burgers step: a __shared__ tile with two ghost cells each side (periodic),
// MUSCL slopes limited by minmod (copysign/fabs/fmin) or van Leer (harmonic mean, branch on
// the sign of a*b) chosen by a runtime switch, a Rusanov face flux with fmax(fabs, fabs),
// face fluxes written to a second shared array, then the conservative update.
#define FV_BLOCK 32
enum Limiter { MINMOD = 0, VANLEER = 1 };

__device__ __forceinline__ double limited_slope(double a, double b, int lim) {
  switch (lim) {
    case MINMOD:
      if (a * b <= 0.0) return 0.0;
      return copysign(fmin(fabs(a), fabs(b)), a);
    case VANLEER:
    default:
      return (a * b > 0.0) ? 2.0 * a * b / (a + b) : 0.0;
  }
}

__device__ double rusanov(double ul, double ur) {
  double fl = 0.5 * ul * ul, fr = 0.5 * ur * ur;
  double smax = fmax(fabs(ul), fabs(ur));
  return 0.5 * (fl + fr) - 0.5 * smax * (ur - ul);
}

__global__ void burgers_muscl(double* qn, const double* q, double dtdx, int lim, int n) {
  __shared__ double s[FV_BLOCK + 4];
  __shared__ double flux[FV_BLOCK + 1];
  const int g = blockIdx.x * FV_BLOCK + threadIdx.x;
  const int t = threadIdx.x + 2;
  s[t] = q[g];
  if (threadIdx.x < 2) {
    s[threadIdx.x] = q[(g - 2 + n) % n];
    s[t + FV_BLOCK] = q[(g + FV_BLOCK) % n];
  }
  __syncthreads();
  // Face to the left of cell t: between t-1 and t.
  for (int f = threadIdx.x; f <= FV_BLOCK; f += blockDim.x) {
    const int c = f + 2;
    double sl = limited_slope(s[c - 1] - s[c - 2], s[c] - s[c - 1], lim);
    double sr = limited_slope(s[c] - s[c - 1], s[c + 1] - s[c], lim);
    double ul = s[c - 1] + 0.5 * sl;
    double ur = s[c] - 0.5 * sr;
    flux[f] = rusanov(ul, ur);
  }
  __syncthreads();
  qn[g] = s[t] - dtdx * (flux[threadIdx.x + 1] - flux[threadIdx.x]);
}
