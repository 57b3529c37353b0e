// cuad: --fn k --wrt x,out
// cuad: fwd --fn k --wrt x,out
// Minimal repro: a hidden friend operator defined inside a class template (the idiomatic way
// to give Vec<N> arithmetic). cuad refuses: "cuad cannot differentiate arithmetic on a
// struct whose operator it cannot see (friend operators of class templates are not
// modelled)"; forward mode says "arithmetic on structs or vector types without a
// user-defined operator (with a body)". The same operator as a free function template works;
// a friend operator in a non-template struct works too (README lists friend operators).
template <int N>
struct Vec {
  double v[N];
  friend __device__ Vec operator+(Vec a, const Vec& b) {
    for (int i = 0; i < N; ++i) a.v[i] += b.v[i];
    return a;
  }
};

__global__ void k(int n, const double* __restrict__ x, double* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Vec<2> a{{x[2 * i], x[2 * i + 1]}};
  Vec<2> b{{x[2 * i] * x[2 * i + 1], 3.0}};
  const Vec<2> c = a + b;
  out[i] = c.v[0] * c.v[1];
}
