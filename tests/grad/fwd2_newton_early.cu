// cuad: fwd --fn solve
// cuad: fwd --fn tabulated_pressure
// Per-thread Newton iteration for x^3 + a x - b = 0 with a tolerance break, and an early
// return for invalid inputs that writes a fallback value.
// 2: a tabulated equation of state: a binary search returning an int, and a helper that
// returns an int cell index while writing the interpolation weight through a pointer (its
// pushforward returns the index and writes the weight's tangent).
__device__ double cube_root_newton(double a, double b, double x0) {
  double x = x0;
  for (int it = 0; it < 50; ++it) {
    double f = x * x * x + a * x - b;
    double df = 3.0 * x * x + a;
    double step = f / df;
    x -= step;
    if (fabs(step) < 1e-14) break;
  }
  return x;
}
__global__ void solve(int n, const double* a, const double* b, double* x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (a[i] <= 0.0) {
    x[i] = b[i] / 3.0;
    return;
  }
  x[i] = cube_root_newton(a[i], b[i], 1.0);
}

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
