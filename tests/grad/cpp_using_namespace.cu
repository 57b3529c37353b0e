// cuad: --fn smooth --wrt y,x
// using-directives: one at file scope (`using namespace phys;`) and one inside a function
// body (`using namespace util;`), after which names of those namespaces (functions, a struct,
// a constant) are used unqualified; nested namespaces reached through a directive.
namespace util {
constexpr double half = 0.5;
__device__ double sq(double v) { return v * v; }
namespace detail {
__device__ double soft(double v) { return log(1.0 + exp(v)); }
}  // namespace detail
}  // namespace util

namespace phys {
struct Pair {
  double a, b;
};
__device__ double energy(const Pair& p) { return p.a * p.b + 0.25 * p.a; }
}  // namespace phys

using namespace phys;

__device__ double blend(double u, double v) {
  using namespace util;
  return half * sq(u) + detail::soft(v);
}

__global__ void smooth(double* y, const double* x, int n) {
  using namespace util::detail;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Pair p{x[i], soft(x[i])};
    y[i] = blend(x[i], energy(p)) + soft(p.b);
  }
}
