// cuad: --fn smooth_paths --wrt b,edge_w,lambda,x
// cuad: fwd --fn smooth_paths --wrt b,edge_w,lambda,x
// Batched graph-Laplacian smoothing of signals on path graphs (polylines, time series): each
// thread owns one path of up to MAXN nodes, stored back to back with offsets (data-dependent
// lengths), and solves (I + lambda L_w) x = b, where L_w is the weighted path Laplacian, by
// the Thomas algorithm in local arrays: forward elimination overwriting the modified
// super-diagonal and right-hand side, then back substitution with an unsigned countdown
// loop. lambda is per path.
#include <cuda_runtime.h>

#define MAXN 12

struct PathBatch {
  const unsigned* offset;  // [num_paths + 1], node offsets
  unsigned num_paths;
};

__device__ __forceinline__ double edge_or_zero(const double* __restrict__ w, unsigned e, unsigned ne) {
  return e < ne ? w[e] : 0.0;
}

__global__ void smooth_paths(PathBatch P, const double* __restrict__ b, const double* __restrict__ edge_w,
                             const double* __restrict__ lambda, double* __restrict__ x) {
  const unsigned p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= P.num_paths) return;
  const unsigned beg = P.offset[p];
  const unsigned len = P.offset[p + 1] - beg;
  // edges of path p are edge_w[beg - p .. beg - p + len - 2] (one edge fewer than nodes)
  const double* w = edge_w + (beg - p);
  const unsigned ne = len - 1;
  const double lam = lambda[p];

  double cp[MAXN], dp[MAXN];
  // row i: a_i x_{i-1} + d_i x_i + c_i x_{i+1} = b_i
  for (unsigned i = 0; i < len; ++i) {
    const double wl = i > 0 ? edge_or_zero(w, i - 1, ne) : 0.0;
    const double wr = edge_or_zero(w, i, ne);
    const double diag = 1.0 + lam * (wl + wr);
    const double a = -lam * wl;
    const double c = -lam * wr;
    if (i == 0) {
      cp[i] = c / diag;
      dp[i] = b[beg + i] / diag;
    } else {
      const double m = diag - a * cp[i - 1];
      cp[i] = c / m;
      dp[i] = (b[beg + i] - a * dp[i - 1]) / m;
    }
  }
  double xi = dp[len - 1];
  x[beg + len - 1] = xi;
  for (unsigned i = len - 1; i-- > 0;) {
    xi = dp[i] - cp[i] * xi;
    x[beg + i] = xi;
  }
}
