// cuad: --fn pressure_kernel<TabulatedEos,2> --wrt rho,energy,eos,p
// cuad: fwd --fn pressure_kernel<TabulatedEos,2> --wrt rho,energy,eos,p
// A hydro code's tabulated equation of state: the EOS is a functor holding a pointer to a
// device table of Gamma(rho) samples, its size and the table's origin and inverse spacing
// (data members next to the pointer), with early returns that clamp below and above the
// table. It is passed by value to a kernel template (functor type plus a non-type
// "cells per thread" parameter, grid-stride over chunks). The gradient reaches the table
// through the functor's pointer field: the adjoint functor's `table` points at the
// table's adjoint buffer.
#include <cuda_runtime.h>

struct TabulatedEos {
  const double* table;  // Gamma(rho_k), rho_k = rho0 + k / inv_drho
  int n;
  double rho0, inv_drho;

  __device__ double gamma_at(double rho) const {
    const double u = (rho - rho0) * inv_drho;
    if (u <= 0.0) return table[0];
    if (u >= n - 1) return table[n - 1];
    const int k = (int)u;
    const double f = u - k;
    return (1.0 - f) * table[k] + f * table[k + 1];
  }
  __device__ double operator()(double rho, double e) const { return (gamma_at(rho) - 1.0) * rho * e; }
};

template <typename Eos, int CELLS>
__global__ void pressure_kernel(const double* __restrict__ rho, const double* __restrict__ energy, Eos eos,
                                double* __restrict__ p, int n) {
  const int stride = gridDim.x * blockDim.x * CELLS;
  for (int base = (blockIdx.x * blockDim.x + threadIdx.x) * CELLS; base < n; base += stride) {
#pragma unroll
    for (int c = 0; c < CELLS; ++c) {
      const int i = base + c;
      if (i < n) p[i] = eos(rho[i], energy[i]);
    }
  }
}
