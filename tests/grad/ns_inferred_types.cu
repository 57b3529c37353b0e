// cuad: --fn k
// cuad: fwd --fn k
// Locals whose types cuad infers from declarations in a namespace, in a kernel outside it: a
// structured binding of a returned `g::Hit` (its hidden object), `auto` of a returned
// `g::W<float>` and of a member of type `g::V2`. Generated code declares them with their full
// path (`::g::Hit`); before, it wrote `Hit`, which g++ does not find outside `g`.
namespace g {
struct Hit {
  bool hit;
  float t;
};
struct V2 {
  float x, y;
};
template <typename T>
struct W {
  T v;
  V2 pos;
};
__device__ Hit intersect(float a) { return {a > 0.f, a * a}; }
__device__ W<float> wrap(float a) { return {a * 2.f, {a, 3.f * a}}; }
}  // namespace g

__global__ void k(const float* x, float* y) {
  int i = threadIdx.x;
  const auto [hit, t] = g::intersect(x[i]);
  auto w = g::wrap(x[i]);
  auto p = w.pos;
  y[i] = (hit ? t : -t) + w.v * p.y + p.x;
}
