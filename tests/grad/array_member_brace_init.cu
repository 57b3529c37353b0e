// cuad: --fn k --wrt x,out
// cuad: fwd --fn k
// Aggregate initialization of structs whose fields are arrays (`Vec2 y{{x[0], x[1]}};`):
// a local's braced initializer becomes one assignment per scalar subobject (`y.v[0] = x[0];`;
// an array cannot be assigned whole), through nested structs, arrays of structs, brace
// elision (`Vec2 z = {a, b};`, `double m[2][2] = {a, b, c, d};`) and value-initialized
// subobjects without an item. Temporaries (`Vec<double, 2>{{a, b}}`) keep their braces; their
// adjoint flows to each item from the matching part of the temporary's adjoint.
struct Vec2 {
  double v[2];
};

struct Seg {
  Vec2 p;
  double w;
};

template <typename T, int N>
struct Vec {
  T v[N];
};

struct Bar {
  double a[2];
  double w;
};

__device__ double dotv(Vec<double, 2> p, Vec<double, 2> q) {
  return p.v[0] * q.v[0] + p.v[1] * q.v[1];
}

__global__ void k(const double* x, double* out) {
  Vec2 y{{x[0], x[1]}};                             // nested braces of the array member
  Vec2 z = {x[1], x[2]};                            // brace elision
  Seg s = {{{x[0], x[2]}}, x[1]};                   // a struct member holding the array
  Seg q = {{{x[2]}}};                               // q.p.v[1] and q.w value-initialized
  Vec2 arr[2] = {{{x[0], 1.5}}, {{x[2], x[1]}}};    // an array of such structs
  double m[2][2] = {x[0], x[1], x[2], 0.5};         // brace elision into rows
  out[0] = y.v[0] * y.v[1] + z.v[0] * z.v[1] * s.w;
  out[1] = s.p.v[0] * s.p.v[1] + q.p.v[0] * (1.0 + q.p.v[1] + q.w);
  out[2] = arr[0].v[0] * arr[1].v[1] + arr[0].v[1] * arr[1].v[0] + m[0][1] * m[1][0] - m[1][1] * m[0][0];
  // temporaries with nested braces
  Bar b = Bar{{x[0], x[1]}, x[2]};
  out[3] = dotv(Vec<double, 2>{{x[0], x[1]}}, Vec<double, 2>{{x[2], 2.0}}) + b.a[0] * b.w - b.a[1];
}
