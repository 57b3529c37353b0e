// cuad: --fn act --wrt y,x,a
// A plain enum and a scoped enum (with an explicit underlying type) selecting branches in
// switch statements, passed to helpers, stored in a struct, compared, and cast to int.
enum Kind { kSquare, kSine, kCube = 5 };
enum class Mode : int { Linear = 0, Quad = 1, Exp = 2 };

struct Op {
  Mode mode;
  double scale;
};

__device__ double apply_kind(Kind k, double v) {
  switch (k) {
    case kSquare: return v * v;
    case kSine: return sin(v);
    case kCube: return v * v * v;
  }
  return 0.0;
}

__device__ double apply_op(const Op& op, double v) {
  double r = 0.0;
  switch (op.mode) {
    case Mode::Linear:
      r = op.scale * v;
      break;
    case Mode::Quad:
      r = op.scale * v * v;
      break;
    default:
      r = exp(op.scale * v);
      break;
  }
  return r;
}

__global__ void act(double* y, const double* x, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Kind k = static_cast<Kind>(i % 3 == 2 ? 5 : i % 3);
    Mode m = static_cast<Mode>(i % 3);
    Op op{m, a};
    double v = apply_kind(k, x[i]) + apply_op(op, x[i]);
    if (m == Mode::Exp && k != kSquare) v *= a;
    y[i] = v + static_cast<int>(m) * y[i];
  }
}
