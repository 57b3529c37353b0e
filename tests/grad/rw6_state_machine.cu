// cuad: --fn plasticity_update --wrt strain,params,stress
// cuad: fwd --fn plasticity_update --wrt strain,params,stress
// Written for cuad in the style of a finite-element material-point kernel (return mapping in
// 1-D plasticity): a per-point `switch` state machine (ELASTIC -> TRIAL -> RETURN -> DONE)
// driven by a `while` loop without `goto`, a `do { } while` Newton iteration with a tolerance
// and an iteration cap, an `enum` of states, `__restrict__` pointers, a `volatile` shared
// "any point yielded" flag set by lane 0 from `__any_sync` and read after a barrier, and a
// 2-D grid (points on x, material batches on y) with an early return in the middle.
enum State { ELASTIC = 0, TRIAL = 1, RETURN_MAP = 2, DONE = 3 };

__device__ __forceinline__ double hardening(double a, double h0, double n) {
  return h0 * pow(1.0 + a, n);
}

__global__ void plasticity_update(const double* __restrict__ strain,
                                  const double* __restrict__ params, double* __restrict__ stress,
                                  int* __restrict__ yielded, int npts) {
  __shared__ volatile int any_yield;
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  const int mat = blockIdx.y;
  if (threadIdx.x == 0) any_yield = 0;
  __syncthreads();
  const double E = params[mat * 4 + 0], sy = params[mat * 4 + 1], h0 = params[mat * 4 + 2],
              nexp = params[mat * 4 + 3];
  double sig = 0.0, alpha = 0.0, dg = 0.0;
  int state = ELASTIC;
  int my_yield = 0;
  if (p < npts) {
    const double eps = strain[mat * npts + p];
    while (state != DONE) {
      switch (state) {
        case ELASTIC:
          sig = E * eps;
          state = TRIAL;
          break;
        case TRIAL: {
          const double f = fabs(sig) - sy;
          state = f > 0.0 ? RETURN_MAP : DONE;
          if (f > 0.0) my_yield = 1;
          break;
        }
        case RETURN_MAP: {
          const double f0 = fabs(sig) - sy;
          int it = 0;
          double r;
          do {
            const double h = hardening(alpha + dg, h0, nexp);
            r = f0 - E * dg - (h - h0);
            const double dr = -E - h * nexp / (1.0 + alpha + dg);
            dg -= r / dr;
            ++it;
          } while (fabs(r) > 1e-12 * sy && it < 20);
          sig = sig - E * dg * (sig > 0.0 ? 1.0 : -1.0);
          alpha += dg;
          state = DONE;
          break;
        }
        default:
          state = DONE;
      }
    }
  }
  if (__any_sync(0xffffffffu, my_yield) && threadIdx.x % 32 == 0) any_yield = 1;
  __syncthreads();
  if (p >= npts) return;
  stress[mat * npts + p] = sig + 0.05 * alpha * E;
  if (threadIdx.x == 0) yielded[blockIdx.y * gridDim.x + blockIdx.x] = any_yield;
}
