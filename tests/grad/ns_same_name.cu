// cuad: --fn k --wrt x,y
// cuad: fwd --fn k
// Functions of one name in several namespaces (and at file scope): each gets its own
// derivative in its own namespace (derived functions are keyed by namespace, name and
// parameter types), and each call site calls its own.
namespace a {
__device__ double f(double v) { return v * v; }
namespace inner {
__device__ double f(double v) { return exp(0.5 * v); }
}  // namespace inner
}  // namespace a
namespace b {
__device__ double f(double v) { return sin(v); }
// calls the `f` of its own namespace
__device__ double g(double v) { return f(v) * v; }
}  // namespace b
__device__ double f(double v) { return v * v * v; }
__device__ double g(double v) { return cos(v) + f(v); }

__global__ void k(const double* x, double* y) {
  const int i = threadIdx.x;
  y[i] = a::f(x[i]) + b::f(x[i]) + f(x[i]) + a::inner::f(x[i]) + b::g(x[i]) * g(x[i]);
}
