// cuad: --fn spectrum --wrt y,z,w
// The cuComplex API (cuCmulf, cuCaddf, cuCdivf, cuConjf, cuCabsf, cuCrealf, cuCimagf,
// make_cuFloatComplex, and the double versions): cuad differentiates them from its own
// definitions while the code keeps calling the library.
#include <cuComplex.h>

__global__ void spectrum(double* y, const cuFloatComplex* z, cuDoubleComplex w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    cuFloatComplex p = cuCmulf(z[i], make_cuFloatComplex(0.8f, 0.5f));
    cuFloatComplex q = cuCaddf(p, make_cuFloatComplex(1.0f, cuCimagf(z[i])));
    cuDoubleComplex r = cuCmul(w, make_cuDoubleComplex((double)cuCrealf(q), (double)cuCimagf(p)));
    y[i] = (double)cuCabsf(cuCdivf(q, cuConjf(p))) + cuCabs(cuCdiv(r, cuConj(w))) + cuCimag(r);
  }
}
