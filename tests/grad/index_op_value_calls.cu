// cuad: --fn k
// cuad: fwd --fn k
// Subscript operators returning values are calls of the user's body: a non-linear one
// (`w[k]` squares its field: forward mode read `_d_w[k]`, the tangent's square, silently), one
// of a class template, and a const one beside a non-const reference twin (written through).
#include <cuda_runtime.h>

struct Sq3 {
  double v[3];
  __host__ __device__ double operator[](int k) const { return v[k] * v[k] + 0.5 * v[(k + 1) % 3]; }
};

template <typename T, int N>
struct Scaled {
  T a[N];
  T s;
  __host__ __device__ T operator[](int k) const { return s * a[k]; }
};

struct Both {
  double p[2];
  __host__ __device__ double& operator[](int k) { return p[k]; }
  __host__ __device__ double operator[](int k) const { return p[k]; }
};

__device__ double sum_both(const Both& b) { return b[0] * b[1]; }

__global__ void k(const double* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Sq3 w;
  for (int c = 0; c < 3; ++c) w.v[c] = x[3 * i + c];
  Scaled<double, 2> z;
  z.a[0] = x[3 * i];
  z.a[1] = sin(x[3 * i + 1]);
  z.s = x[3 * i + 2];
  Both b;
  b[0] = w[0];
  b[1] = z[1] * w[2];
  double acc = 0.0;
  for (int c = 0; c < 3; ++c) acc += w[c] * z[c % 2];
  y[i] = acc + sum_both(b);
}
