// cuad: --fn gather_steps --wrt x,out
// cuad: fwd --fn gather_steps --wrt x,out
// A local array of indices rewritten every iteration and read only inside the addresses of
// loads (`x[cor[c]]`, trilinear corners in a ray marcher): the reverse pass scatters into
// `_d_x[cor[c]]` and needs each iteration's indices, so they are taped. (Before: the indices
// were not, and every iteration's adjoint went to the last iteration's corners.)
#include <cuda_runtime.h>

__global__ void gather_steps(const double* x, const int* idx, const double* w, double* out,
                             int n, int steps) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n) return;
  double acc = 0.0;
  int cor[3];
  double wt[3];
  for (int s = 0; s < steps; ++s) {
    for (int c = 0; c < 3; ++c) {
      cor[c] = idx[(r * 7 + s * 3 + c) % n];
      wt[c] = w[c] * (1.0 + 0.1 * s);
    }
    double v = 0.0;
    for (int c = 0; c < 3; ++c) v += wt[c] * x[cor[c]];
    acc += v * v;
  }
  out[r] = acc + out[r] * x[cor[0]];
}
