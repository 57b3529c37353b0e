// cuad: fwd --fn flame_mol
// cuad: --fn flame_mol --wrt u0,table,params,uT
// cuad: fwd --fn flame_mol --wrt params,uT
// A batch of 1-D premixed flame-front relaxations (method of lines, one front per thread):
// the temperature profile lives in two thread-local arrays used as ping-pong buffers
// through pointers swapped after every explicit step; the reaction rate is tabulated in
// temperature (a helper returns the bracket index and writes the interpolation fraction
// through a pointer), multiplied by a function template evaluated once in float (a cheap
// Arrhenius correction) and once in double; diffusion uses a helper writing a local array
// through an array reference (`double (&lap)[NX]`); boundary cells are picked by a ternary index.
// Forward mode: sensitivity of the final profile to the rate table and the parameters;
// reverse mode: the adjoint.
#include <cuda_runtime.h>
#include <cmath>

#define NX 12
#define NT 8

template <typename T>
__device__ T arrhenius_factor(T temp, T Ta, T beta) {
  return pow(temp, beta) * exp(-Ta / temp);
}

// Index of the bracket [tab_T[i], tab_T[i+1]] containing T, and the fraction within it.
__device__ int locate(const double* tab_T, int n, double T, double* frac) {
  int i = 0;
  while (i < n - 2 && T > tab_T[i + 1]) ++i;
  *frac = (T - tab_T[i]) / (tab_T[i + 1] - tab_T[i]);
  return i;
}

__device__ void laplacian(const double* u, double dx2inv, double (&lap)[NX]) {
  for (int j = 1; j < NX - 1; ++j) lap[j] = (u[j - 1] - 2.0 * u[j] + u[j + 1]) * dx2inv;
  lap[0] = (u[1] - u[0]) * dx2inv;
  lap[NX - 1] = (u[NX - 2] - u[NX - 1]) * dx2inv;
}

__global__ void flame_mol(const double* __restrict__ u0, const double* __restrict__ tab_T,
                          const double* __restrict__ table, const double* __restrict__ params,
                          double* __restrict__ uT, int nsteps, double dt, int nfront) {
  const int f = blockIdx.x * blockDim.x + threadIdx.x;
  if (f >= nfront) return;
  const double D = params[0], Ta = params[1], beta = params[2], hot = params[3];
  double a[NX], b[NX], lap[NX];
  for (int j = 0; j < NX; ++j) a[j] = u0[f * NX + j];
  double* cur = a;
  double* nxt = b;
  for (int s = 0; s < nsteps; ++s) {
    laplacian(cur, D, lap);
    for (int j = 0; j < NX; ++j) {
      double frac;
      const int i = locate(tab_T, NT, cur[j], &frac);
      const double w_tab = table[i] + frac * (table[i + 1] - table[i]);
      const float corr = arrhenius_factor<float>((float)cur[j], (float)(0.1 * Ta), 0.5f);
      const double w = w_tab * arrhenius_factor<double>(cur[j], Ta, beta) * (1.0 + 1e-4 * corr);
      nxt[j] = cur[j] + dt * (lap[j] + w * (hot - cur[j]));
    }
    // Dirichlet-like relaxation of the cold or the hot end, picked by the front's parity
    // (a local reference `double& edge = cond ? nxt[0] : nxt[NX - 1];` is refused by cuad)
    const int e = (f % 2 == 0) ? 0 : NX - 1;
    nxt[e] = 0.5 * (nxt[e] + ((f % 2 == 0) ? 0.3 : hot));
    double* t = cur;
    cur = nxt;
    nxt = t;
  }
  for (int j = 0; j < NX; ++j) uT[f * NX + j] = cur[j];
}
