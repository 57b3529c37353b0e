// cuad: --fn path_laplacian_smooth<16> --wrt x,alpha,y
// cuad: fwd --fn path_laplacian_smooth<16> --wrt x,alpha,y
// Laplacian smoothing of many short signals on path graphs (time series, polylines), each
// path of length SEG held by SEG consecutive lanes of a warp. The neighbours come from
// __shfl_up_sync / __shfl_down_sync with width SEG; at the ends of a path the shuffle returns
// the lane's own value, which is exactly the reflecting (Neumann) boundary, so
// (L x)_i = 2 x_i - x_{i-1} - x_{i+1} needs no special case. A few explicit smoothing steps
// x <- x - alpha_p * L x (alpha per path) run in registers, with a weighted edge-aware
// variant: the update uses a per-node weight c_i = 1 / (1 + x_i^2).
#include <cuda_runtime.h>

#define STEPS 3

template <int SEG>
__global__ void path_laplacian_smooth(int n, const double* __restrict__ x, const double* __restrict__ alpha,
                                      double* __restrict__ y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int path = i / SEG;
  double v = i < n ? x[i] : 0.0;
  const double a = i < n ? alpha[path] : 0.0;
  for (int s = 0; s < STEPS; ++s) {
    const double left = __shfl_up_sync(0xffffffffu, v, 1, SEG);
    const double right = __shfl_down_sync(0xffffffffu, v, 1, SEG);
    const double c = 1.0 / (1.0 + v * v);
    v = v - a * c * (2.0 * v - left - right);
  }
  if (i < n) y[i] = v;
}
