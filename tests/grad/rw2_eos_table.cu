// cuad: --fn tabulated_pressure --wrt p,rho,T,table
// Tabulated equation of state: bilinear interpolation in a (log rho, T) table; the cell is found
// by a binary search in a __device__ helper whose `while (hi - lo > 1)` loop has an early return
// for values below the table; a second helper clamps with fminf/fmaxf and returns the weight
// through a pointer argument.
__device__ int find_cell(const float* axis, int n, float v) {
  if (v <= axis[0]) return 0;
  int lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    const int mid = (lo + hi) >> 1;
    if (axis[mid] <= v) lo = mid;
    else hi = mid;
  }
  return lo;
}

__device__ int locate(const float* axis, int n, float v, float* frac) {
  const int c = min(find_cell(axis, n, v), n - 2);
  const float f = (v - axis[c]) / (axis[c + 1] - axis[c]);
  *frac = fminf(fmaxf(f, 0.0f), 1.0f);
  return c;
}

__global__ void tabulated_pressure(float* p, const float* rho, const float* T,
                                   const float* __restrict__ lr_axis,
                                   const float* __restrict__ t_axis,
                                   const float* __restrict__ table, int nr, int nt, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float fr, ft;
  const int ir = locate(lr_axis, nr, logf(rho[i]), &fr);
  const int it = locate(t_axis, nt, T[i], &ft);
  const float* r0 = table + ir * nt;
  const float* r1 = r0 + nt;
  const float v0 = (1.0f - ft) * r0[it] + ft * r0[it + 1];
  const float v1 = (1.0f - ft) * r1[it] + ft * r1[it + 1];
  p[i] = rho[i] * ((1.0f - fr) * v0 + fr * v1);
}
