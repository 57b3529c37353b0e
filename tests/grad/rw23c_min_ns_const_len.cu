// cuad: --fn ph::k --wrt b,out
// Minimal: a struct in a namespace with an array field whose length is a namespace-scope
// constant (`constexpr int kN`), passed whole by const reference to a __device__ helper.
// cuad refuses: "cannot accumulate the adjoint of the array `_d_b[idx[i]].a`: its length
// `kN` is not a number here". The same code at global scope, or with `a[2]`, works.
namespace ph {
constexpr int kN = 2;
struct V {
  double x;
};
struct B {
  V a[kN];
  double s;
};
__device__ double get(const B& b, int k) { return b.a[k].x * b.s; }
__global__ void k(const B* b, const int* idx, double* out, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  const B& q = b[idx[i]];
  out[i] = get(q, i % 2);
}
}  // namespace ph
