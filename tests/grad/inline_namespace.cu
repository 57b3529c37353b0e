// cuad: --fn k
// cuad: fwd --fn k
// Inline namespaces (library versioning): `geom::sq` names `geom::v1::sq`, also for a struct
// with a method, a function template and a variable declared there, called from the
// enclosing namespace unqualified and from a kernel outside it qualified either way.
// Before, `geom::sq` had "no body here".
namespace geom {
inline namespace v1 {
struct P {
  float x, y;
  __device__ float norm2() const { return x * x + y * y; }
};
__device__ float sq(float a) { return a * a; }
template <typename T>
__device__ T cube(T a) { return a * a * a; }
}  // namespace v1
__device__ float mix(P p, float s) { return sq(p.x) * s + p.norm2(); }
}  // namespace geom

__global__ void k(const float* x, float* y) {
  int i = threadIdx.x;
  geom::P p{x[i], 2.f * x[i]};
  y[i] = geom::sq(x[i]) + geom::mix(p, x[i]) + geom::v1::sq(p.y) + geom::cube(x[i]) + p.norm2();
}
