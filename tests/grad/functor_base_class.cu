// cuad: --fn apply<Scale> --wrt x,y,op
// cuad: --fn apply<Softplus> --wrt x,y,op
// cuad: --fn apply<Cube> --wrt x,y
// cuad: fwd --fn apply<Softplus>
// cuad: fwd --fn apply<Scale>
// Functors with base classes that hold no data, passed to a kernel template: `Scale` derives
// from an empty tag struct and defines its own `operator()`; `Softplus` and `Cube` get
// `operator()` from a CRTP base, which calls the derived `eval` through
// `static_cast<const D&>(*this)` and an inherited helper `leak`. Their methods are lowered as
// the derived struct's own (the base's template parameter bound to it), so `op(x[i])` has a
// pullback and a pushforward, and `Softplus`'s field gets its derivative. Such calls used to be
// errors ("it has no body here").
struct Tag {};

struct Scale : Tag {
  double s;
  __device__ double operator()(double x) const { return s * x * x; }
};

template <class D>
struct ActBase {
  __device__ double operator()(double x) const {
    return static_cast<const D&>(*this).eval(x) + leak(x);
  }
  __device__ double leak(double x) const { return 0.01 * x; }
};

struct Softplus : public ActBase<Softplus> {
  double beta;
  __device__ double eval(double x) const { return log1p(exp(beta * x)) / beta; }
};

struct Cube : ActBase<Cube> {
  __device__ double eval(double x) const { return x * x * x; }
};

template <class Op>
__global__ void apply(const double* x, double* y, Op op, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = op(x[i]);
}
