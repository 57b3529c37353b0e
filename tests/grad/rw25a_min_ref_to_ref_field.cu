// cuad: --fn k --wrt cells,coef
// cuad: fwd --fn k --wrt cells,coef
// Minimal: a reference to an array-of-structs element (`Cell& c = cells[i];`) and a second
// reference to one of its fields (`double& p = c.psi;`), updated in place (a CPML memory
// variable kept in a cell struct). Both modes refuse: "cuad cannot differentiate a local
// reference whose target changes while it is in scope yet"; `double& p = cells[i].psi;`
// (one reference, straight to the field) is taken.
#include <cuda_runtime.h>

struct Cell {
  double e, h, psi;
};

__global__ void k(Cell* cells, const double* coef, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Cell& c = cells[i];
  double& p = c.psi;
  p = coef[i] * p + 0.3 * c.h;
  c.e = c.e * coef[i] + p * p;
}
