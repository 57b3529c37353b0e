// cuad: --fn k --wrt W,x,out
// cuad: fwd --fn k
// A matrix struct whose two-index `operator()(r, c)` returns a reference (the usual matrix
// class idiom), written through (plainly and with `+=`) and read, next to a class template
// with a reference-returning `operator[]`. Both accessors are one `return` of a field
// lvalue, so cuad inlines them (`A.m[r][c]`, `v.e[i]`) and the stores reach the adjoints
// and tangents of the fields (before, grad refused the store and fwd dropped its tangent).
struct Mat2 {
  double m[2][2];
  __device__ double& operator()(int r, int c) { return m[r][c]; }
};

template <int N>
struct Vec {
  double e[N];
  __device__ double& operator[](int i) { return e[i]; }
};

__global__ void k(const double* W, const double* x, double* out) {
  const int t = threadIdx.x;
  Mat2 A;
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 2; ++c) A(r, c) = W[r * 2 + c] * (1.0 + t);
  A(1, 0) += A(0, 1) * x[t];
  Vec<2> v;
  for (int i = 0; i < 2; ++i) v[i] = A(i, 0) * x[t] + A(i, 1);
  out[t] = A(0, 0) * A(1, 1) - A(0, 1) * A(1, 0) + v[0] * v[1];
}
