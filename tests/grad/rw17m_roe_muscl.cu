// cuad: --fn roe_step<32> --wrt U,Unew,gamma
// cuad: fwd --fn roe_step<32>
// One explicit step of a 1-D finite-volume Euler solver (periodic), in the style of a
// compressible-flow teaching code ported to CUDA: conserved variables in a struct-of-arrays
// buffer (rho, rho*u, E), a shared-memory tile of primitive variables with two halo cells
// per side loaded by the first threads, MUSCL reconstruction with an MC limiter written with
// copysign/fmin/fabs, a Roe flux with Roe averages and Harten's entropy fix (fabs, fmax),
// face fluxes into a shared array (thread 0 also computes the last face), then the
// conservative update. A kernel template on the block size.
#include <cuda_runtime.h>

struct Prim {
  double r, u, p;
};
struct Flux {
  double m, mom, e;
};

__device__ __forceinline__ double mc_slope(double dl, double dr) {
  if (dl * dr <= 0.0) return 0.0;
  const double a = fmin(2.0 * fabs(dl), 2.0 * fabs(dr));
  return copysign(fmin(a, 0.5 * fabs(dl + dr)), dl);
}

__device__ Flux physical_flux(const Prim& q, double gamma) {
  const double E = q.p / (gamma - 1.0) + 0.5 * q.r * q.u * q.u;
  Flux f;
  f.m = q.r * q.u;
  f.mom = q.r * q.u * q.u + q.p;
  f.e = q.u * (E + q.p);
  return f;
}

__device__ Flux roe_flux(const Prim& L, const Prim& R, double gamma) {
  const double gm1 = gamma - 1.0;
  const double HL = (L.p / gm1 + 0.5 * L.r * L.u * L.u + L.p) / L.r;
  const double HR = (R.p / gm1 + 0.5 * R.r * R.u * R.u + R.p) / R.r;
  const double sL = sqrt(L.r), sR = sqrt(R.r);
  const double u = (sL * L.u + sR * R.u) / (sL + sR);
  const double H = (sL * HL + sR * HR) / (sL + sR);
  const double c = sqrt(fmax(gm1 * (H - 0.5 * u * u), 1e-12));
  const double rt = sL * sR;
  const double dr = R.r - L.r, du = R.u - L.u, dp = R.p - L.p;
  // wave strengths
  const double a1 = (dp - rt * c * du) / (2.0 * c * c);
  const double a2 = dr - dp / (c * c);
  const double a3 = (dp + rt * c * du) / (2.0 * c * c);
  double l1 = fabs(u - c), l2 = fabs(u), l3 = fabs(u + c);
  const double delta = fmax(0.1 * c, 1e-6);
  if (l1 < delta) l1 = (l1 * l1 + delta * delta) / (2.0 * delta);
  if (l3 < delta) l3 = (l3 * l3 + delta * delta) / (2.0 * delta);
  const Flux fl = physical_flux(L, gamma), fr = physical_flux(R, gamma);
  Flux f;
  f.m = 0.5 * (fl.m + fr.m) - 0.5 * (l1 * a1 + l2 * a2 + l3 * a3);
  f.mom = 0.5 * (fl.mom + fr.mom) - 0.5 * (l1 * a1 * (u - c) + l2 * a2 * u + l3 * a3 * (u + c));
  f.e = 0.5 * (fl.e + fr.e) -
        0.5 * (l1 * a1 * (H - u * c) + l2 * a2 * 0.5 * u * u + l3 * a3 * (H + u * c));
  return f;
}

__device__ __forceinline__ Prim to_prim(const double* U, int i, int n, double gamma) {
  Prim q;
  q.r = U[i];
  q.u = U[n + i] / q.r;
  q.p = (gamma - 1.0) * (U[2 * n + i] - 0.5 * q.r * q.u * q.u);
  return q;
}

template <int BLOCK>
__global__ void roe_step(const double* __restrict__ U, double* __restrict__ Unew, double gamma,
                         double dt_dx, int n) {
  __shared__ Prim q[BLOCK + 4];
  __shared__ Flux F[BLOCK + 1];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * BLOCK + tid;  // n is a multiple of BLOCK
  q[tid + 2] = to_prim(U, i, n, gamma);
  if (tid < 2) {
    q[tid] = to_prim(U, (i - 2 + n) % n, n, gamma);
    q[BLOCK + 2 + tid] = to_prim(U, (i + BLOCK) % n, n, gamma);
  }
  __syncthreads();
  // face tid sits between tile cells tid+1 and tid+2
  for (int f = tid; f <= BLOCK; f += BLOCK) {
    const Prim& a = q[f];
    const Prim& b = q[f + 1];
    const Prim& c = q[f + 2];
    const Prim& d = q[f + 3];
    Prim L, R;
    L.r = b.r + 0.5 * mc_slope(b.r - a.r, c.r - b.r);
    L.u = b.u + 0.5 * mc_slope(b.u - a.u, c.u - b.u);
    L.p = b.p + 0.5 * mc_slope(b.p - a.p, c.p - b.p);
    R.r = c.r - 0.5 * mc_slope(c.r - b.r, d.r - c.r);
    R.u = c.u - 0.5 * mc_slope(c.u - b.u, d.u - c.u);
    R.p = c.p - 0.5 * mc_slope(c.p - b.p, d.p - c.p);
    F[f] = roe_flux(L, R, gamma);
  }
  __syncthreads();
  Unew[i] = U[i] - dt_dx * (F[tid + 1].m - F[tid].m);
  Unew[n + i] = U[n + i] - dt_dx * (F[tid + 1].mom - F[tid].mom);
  Unew[2 * n + i] = U[2 * n + i] - dt_dx * (F[tid + 1].e - F[tid].e);
}

template __global__ void roe_step<32>(const double*, double*, double, double, int);
