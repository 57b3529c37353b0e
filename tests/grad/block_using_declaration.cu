// cuad: --fn k
// cuad: fwd --fn k
// Using-declarations in a kernel's body (`using ns::real;` of an alias, `using gfx::Hit;` of
// a struct) and a using-directive: generated functions repeat them once at their top (the
// pushforward used to repeat a using-declaration where it stood too: a redeclaration).
namespace ns {
using real = float;
}
namespace gfx {
struct Hit {
  float t, w;
};
__device__ Hit trace(float a) { return {a * a, 2.f * a}; }
}  // namespace gfx
namespace mathx {
__device__ float cube(float a) { return a * a * a; }
}  // namespace mathx

__global__ void k(const float* x, float* y) {
  using ns::real;
  using gfx::Hit;
  using namespace mathx;
  int i = threadIdx.x;
  real v = x[i];
  Hit h = gfx::trace(v);
  y[i] = h.t * h.w + cube(v);
}
