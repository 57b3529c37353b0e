// cuad: --fn outer::k<float,2>
// cuad: fwd --fn outer::k<float,2>
// Lambdas see the scope of the body they are written in; cuad lifts them into functions of
// the enclosing namespace (`outer`, not file scope) whose body starts with the enclosing
// body's using-directives and type aliases, and whose parameters name types as that body
// does: `const L&` found through the body's `using namespace sh;` (written `::sh::L`), and a
// capture of a local declared through the body's alias `using Vec = V<T, D>;`, which the
// lambda writes. Before: `'L' does not name a type`; the alias capture was untyped.
namespace sh {
struct L {
  float a;
};
__device__ float sq(float v) { return v * v; }
}  // namespace sh

template <typename T, int D>
struct V {
  T c[D];
};

namespace outer {
__device__ float twice(float v) { return 2.f * v; }

template <typename T, int D>
__global__ void k(const T* x, T* y) {
  using namespace sh;
  using Vec = V<T, D>;
  int i = threadIdx.x;
  Vec acc;
  for (int a = 0; a < D; ++a) acc.c[a] = T(0);
  auto add = [&](int a, T v) {
    Vec w;
    w.c[a] = v * v;
    acc.c[a] += twice(w.c[a]);
  };
  for (int a = 0; a < D; ++a) add(a, x[i] * (a + 1));
  auto f = [&](const L& l) { return sq(l.a * x[i]); };
  T s = f(L{1.5f});
  for (int a = 0; a < D; ++a) s += acc.c[a];
  y[i] = s;
}
}  // namespace outer
