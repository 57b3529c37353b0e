// cuad: fwd --fn k
// Methods that update a struct with a user default constructor (its tangent must start at
// zero, not at what the constructor sets), a const-reference parameter bound to an rvalue,
// a switch with returns, a return inside a loop, a ternary of calls, a local array updated
// in place, min/max; struct locals declared in a loop body (a default constructor, default
// member initializers) and a field of a constructed temporary (`Pair(u, v).b`).
struct Acc {
  double s, c;
  __host__ __device__ Acc() : s(1.0), c(2.0) {}
  __host__ __device__ void add(double v) { s += v * c; }
  __host__ __device__ void scale(double f) { s *= f; c *= f; }
};
struct Dm {
  double s = 1.0;  // default member initializers
  double t = 2.0;
};
struct Pair {
  double a, b;
  __host__ __device__ Pair(double u, double v) : a(u), b(v) {}
};
__device__ double get_s(Acc a) { return a.s; }
__device__ double twice(const double& v) { return 2.0 * v * v; }
__device__ double pick(double x) {
  switch (x > 0 ? 1 : 0) {
    case 1: return sqrt(x);
    default: return -x * x;
  }
}
__device__ double first_big(const double* x, int n, double thr) {
  for (int j = 0; j < n; ++j) {
    if (x[j] > thr) return x[j] * thr;
  }
  return thr;
}
__global__ void k(int n, const double* x, double a, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Acc acc;
  acc.add(x[i]);
  acc.scale(a);
  double v = twice(x[i] * a) + get_s(acc) + pick(x[i]) + first_big(x, n, a);
  v += twice(pick(twice(x[i])));  // nested calls: the outer ones take hoisted results
  double c = x[i] > 0 ? twice(x[i]) : pick(a);
  double arr[3] = {x[i], a, v};
  for (int j = 0; j < 3; ++j) arr[j] *= arr[(j + 1) % 3];
  double tot = 0.0;
  for (int j = 0; j < 3; ++j) {
    Acc loc;  // constructed afresh in every iteration
    loc.add(x[(i + j) % n]);
    tot += loc.s * loc.c;
    Dm dm;
    dm.s += x[(i + 2 * j) % n];
    tot += dm.s * dm.t + Pair(x[i], a * dm.s).b;
  }
  out[i] = v + c + arr[0] + arr[1] + arr[2] + min(x[i], a) + max(a, 0.5) + tot;
}
