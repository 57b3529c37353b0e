// cuad: --fn det2 --wrt x,y
// A matrix class with the usual pair of element accessors, `T& operator()(r, c)` and
// `const T& operator()(r, c) const`: the const method `det` calls the const one through
// `(*this)(r, c)`, the kernel writes through the non-const one.
struct M2 {
  float m[4];
  __device__ float& operator()(int r, int c) { return m[2 * r + c]; }
  __device__ const float& operator()(int r, int c) const { return m[2 * r + c]; }
  __device__ float det() const { return (*this)(0, 0) * (*this)(1, 1) - (*this)(0, 1) * (*this)(1, 0); }
};

__global__ void det2(const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  M2 a;
  for (int q = 0; q < 4; ++q) a.m[q] = x[4 * i + q];
  a(0, 0) += 0.5f;
  y[i] = a.det() * a(1, 0);
}
