// cuad: --fn combine --wrt out,len_out,a,b
// Struct values built with braces: a member operator returning `{...}`, a function returning
// `V2{...}`, `V2{...}` as an argument and as a stored value; a struct with constructors (one
// swapping its arguments into the fields) built as `P(u, v)`, `P{u, v}` and `P p(u, v)`.
struct V2 {
  double x, y;
  __device__ V2 operator*(double s) const { return {x * s, y * s}; }
  __device__ double norm2() const { return x * x + y * y; }
};

struct P {
  double a, b;
  __device__ P() : a(0.0), b(0.0) {}
  __device__ P(double u, double v) : a(v), b(u) {}
  __device__ double mix() const { return a * a * b + 3.0 * b; }
};

__device__ V2 rotate(V2 v, double c, double s) { return V2{c * v.x - s * v.y, s * v.x + c * v.y}; }
__device__ double len(V2 v) { return sqrt(v.norm2()); }

__global__ void combine(V2* out, double* len_out, const double* a, const double* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    V2 v = {a[i], b[i] * a[i]};
    V2 w = rotate(v * 1.5, cos(b[i]), sin(b[i]));
    out[i] = V2{w.x + a[i], w.y * w.x};
    P p(a[i], 2.0 * b[i]);
    P q = P(w.x, a[i] * b[i]);
    len_out[i] = len(V2{w.y, a[i]}) + w.norm2() + p.mix() * P{q.b, w.y}.mix();
  }
}
