// cuad: --fn accumulate --wrt out,x
// Structs whose construction sets fields (default member initializers, a user default
// constructor): their adjoints must still start at zero, not at the constructor's values.
struct Acc {
  double s = 1.0;
  double w = 2.0;
};

struct Scaled {
  double v;
  double k;
  __host__ __device__ Scaled() : v(0.5), k(3.0) {}
};

__device__ Acc add(Acc a, double v) {
  Acc r;
  r.s = a.s + v * v;
  r.w = a.w * v;
  return r;
}

__device__ Scaled scale(Scaled p, double f) {
  Scaled q;
  q.v = p.v * f + q.k;
  q.k = p.k * f;
  return q;
}

__global__ void accumulate(double* out, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Acc loc;
    Scaled sc;
    for (int j = 1; j < 4; ++j) {
      Acc t;
      t.s = x[i] * j;
      loc = add(loc, t.s);
      sc = scale(sc, x[i] + t.w);
    }
    out[i] = loc.s + loc.w * sc.v + sc.k;
  }
}
