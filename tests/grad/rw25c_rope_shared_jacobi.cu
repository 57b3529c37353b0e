// cuad: --fn rope_step --wrt x,v,rest,out_x,out_v
// cuad: fwd --fn rope_step --wrt x,v,rest,out_x,out_v
// Hair/rope strands with one block per strand and one thread per vertex: an explicit
// prediction with gravity and wind drag, then `iters` Jacobi iterations of distance
// constraints entirely in shared memory (each vertex averages the corrections of its two
// segments, with stiffness relaxation; a barrier between reading the old positions and
// writing the new ones, and after), the root vertex pinned to its rest anchor, and finally
// the velocity update v = (x_new - x_old) / h. Positions are double2 with small helpers.
#include <cuda_runtime.h>

#define MAX_V 32

__device__ inline double2 add(double2 a, double2 b) { return make_double2(a.x + b.x, a.y + b.y); }
__device__ inline double2 sub(double2 a, double2 b) { return make_double2(a.x - b.x, a.y - b.y); }
__device__ inline double2 scale(double s, double2 a) { return make_double2(s * a.x, s * a.y); }
__device__ inline double length(double2 a) { return sqrt(a.x * a.x + a.y * a.y); }

// correction moving `self` so that |self - other| becomes l (half of the violation)
__device__ double2 segment_correction(double2 self, double2 other, double l) {
  const double2 d = sub(self, other);
  const double len = length(d);
  return scale(-0.5 * (len - l) / len, d);
}

__global__ void rope_step(int nv, const double2* __restrict__ x, const double2* __restrict__ v,
                          const double* __restrict__ rest, double h, double wind, double omega, int iters,
                          double2* __restrict__ out_x, double2* __restrict__ out_v) {
  __shared__ double2 s_x[MAX_V];
  __shared__ double2 s_new[MAX_V];
  const int strand = blockIdx.x, i = threadIdx.x;
  const int g = strand * nv + i;
  const double2 x0 = x[g];
  double2 vi = v[g];
  vi.x += h * wind * (1.0 - vi.x);  // drag towards the wind speed
  vi.y += h * -9.8;
  s_x[i] = i == 0 ? x0 : add(x0, scale(h, vi));
  __syncthreads();
  for (int it = 0; it < iters; ++it) {
    double2 corr = make_double2(0.0, 0.0);
    int cnt = 0;
    if (i > 0) {
      corr = add(corr, segment_correction(s_x[i], s_x[i - 1], rest[strand * (nv - 1) + i - 1]));
      ++cnt;
    }
    if (i + 1 < nv) {
      corr = add(corr, segment_correction(s_x[i], s_x[i + 1], rest[strand * (nv - 1) + i]));
      ++cnt;
    }
    s_new[i] = i == 0 ? s_x[i] : add(s_x[i], scale(omega / cnt, corr));
    __syncthreads();
    s_x[i] = s_new[i];
    __syncthreads();
  }
  out_x[g] = s_x[i];
  out_v[g] = scale(1.0 / h, sub(s_x[i], x0));
}
