// cuad: --fn swe_step<32> --wrt h,hu,hn,hun,g
// One explicit finite-volume step of the 1-D shallow-water equations, written like a small
// hydraulics solver: a kernel template on the block size, a periodic shared-memory tile with a
// two-cell halo per side (loaded by the first threads), MUSCL reconstruction of (h, u) with a
// smooth van Albada limiter, an HLL Riemann solver in a __device__ function returning the
// flux through reference parameters (wave speeds from fmin/fmax), face fluxes staged in a
// second __shared__ array (BLOCK + 1 faces, the last thread also computes the right face),
// __syncthreads between the stages, and a conservative update. Gravity g is a scalar.
#define HALO 2

__device__ __forceinline__ double van_albada(double a, double b) {
  const double e = 1e-6;
  return ((a * a + e) * b + (b * b + e) * a) / (a * a + b * b + 2.0 * e);
}

__device__ void hll_flux(double hl, double ul, double hr, double ur, double g, double& fh,
                         double& fhu) {
  const double cl = sqrt(g * hl), cr = sqrt(g * hr);
  const double sl = fmin(ul - cl, ur - cr);
  const double sr = fmax(ul + cl, ur + cr);
  const double fhl = hl * ul, fhr = hr * ur;
  const double fml = hl * ul * ul + 0.5 * g * hl * hl;
  const double fmr = hr * ur * ur + 0.5 * g * hr * hr;
  if (sl >= 0.0) {
    fh = fhl;
    fhu = fml;
  } else if (sr <= 0.0) {
    fh = fhr;
    fhu = fmr;
  } else {
    const double inv = 1.0 / (sr - sl);
    fh = (sr * fhl - sl * fhr + sl * sr * (hr - hl)) * inv;
    fhu = (sr * fml - sl * fmr + sl * sr * (hr * ur - hl * ul)) * inv;
  }
}

template <int BLOCK>
__global__ void swe_step(const double* __restrict__ h, const double* __restrict__ hu,
                         double* __restrict__ hn, double* __restrict__ hun, double g,
                         double dt_dx, int n) {
  __shared__ double sh[BLOCK + 2 * HALO];
  __shared__ double su[BLOCK + 2 * HALO];
  __shared__ double fh[BLOCK + 1];
  __shared__ double fm[BLOCK + 1];
  const int t = threadIdx.x;
  const int i = blockIdx.x * BLOCK + t;  // n is a multiple of BLOCK
  sh[t + HALO] = h[i];
  su[t + HALO] = hu[i] / h[i];
  if (t < HALO) {
    const int il = (i - HALO + n) % n;
    const int ir = (blockIdx.x * BLOCK + BLOCK + t) % n;
    sh[t] = h[il];
    su[t] = hu[il] / h[il];
    sh[BLOCK + HALO + t] = h[ir];
    su[BLOCK + HALO + t] = hu[ir] / h[ir];
  }
  __syncthreads();

  // face t sits between local cells c-1 and c, c = t + HALO
  const int nfaces = (t == BLOCK - 1) ? 2 : 1;
  for (int k = 0; k < nfaces; ++k) {
    const int face = t + k;
    const int c = face + HALO;
    const double dhl = van_albada(sh[c - 1] - sh[c - 2], sh[c] - sh[c - 1]);
    const double dul = van_albada(su[c - 1] - su[c - 2], su[c] - su[c - 1]);
    const double dhr = van_albada(sh[c] - sh[c - 1], sh[c + 1] - sh[c]);
    const double dur = van_albada(su[c] - su[c - 1], su[c + 1] - su[c]);
    double a, b;
    hll_flux(sh[c - 1] + 0.5 * dhl, su[c - 1] + 0.5 * dul, sh[c] - 0.5 * dhr,
             su[c] - 0.5 * dur, g, a, b);
    fh[face] = a;
    fm[face] = b;
  }
  __syncthreads();

  hn[i] = sh[t + HALO] - dt_dx * (fh[t + 1] - fh[t]);
  hun[i] = sh[t + HALO] * su[t + HALO] - dt_dx * (fm[t + 1] - fm[t]);
}
