// cuad: --fn k
// Minimal: a Vec3 whose operator[] returns `(&x)[k]` (the fields viewed as an array, a common
// idiom), used to overwrite a component with a nonlinear function of itself. The gradient is
// silently wrong: the reverse pass reads `(&v.x)[j]` after the overwrite (no tape / restore
// of the old value), so d y / d a uses v[j]'s new value. The same with a `double e[3]` field
// (`return e[k];`), or through `double* p = &v.x; p[j] = ...`, is correct.
struct V {
  double x, y, z;
  __device__ double& operator[](int k) { return (&x)[k]; }
  __device__ double operator[](int k) const { return (&x)[k]; }
};
__global__ void k(const double* a, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  V v{a[3 * i], a[3 * i + 1], a[3 * i + 2]};
  for (int j = 0; j < 3; ++j) v[j] = v[j] * v[j] + 1.0;
  y[i] = v.x * v.y + v.z;
}
