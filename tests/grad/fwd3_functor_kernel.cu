// cuad: fwd --fn transform_reduce<Huber,4>
// cuad: fwd --fn transform_reduce<Logistic,2>
// A kernel template over a functor type and an unroll factor: the functor (a struct with
// state and a const operator()) is a kernel parameter, each thread handles U elements held
// in a local array, warp reduction with __shfl_xor_sync and a per-warp atomicAdd; the
// functors call overloaded helpers and one has a branch (Huber loss).
__device__ double sq(double v) { return v * v; }
__device__ double sq(double v, double s) { return v * v * s; }
struct Huber {
  double delta;
  double scale;
  __device__ double operator()(double r) const {
    double a = fabs(r);
    if (a <= delta) return 0.5 * sq(r) * scale;
    return delta * (a - 0.5 * delta) * scale;
  }
};
struct Logistic {
  double k;
  __device__ double operator()(double r) const { return log1p(exp(-k * r)) + sq(r, 0.01); }
};
template <typename F, int U>
__global__ void transform_reduce(int n, const double* pred, const double* target, F f, double* loss,
                                 double* resid) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * U;
  double r[U];
#pragma unroll
  for (int u = 0; u < U; ++u) r[u] = base + u < n ? pred[base + u] - target[base + u] : 0.0;
  double acc = 0.0;
  for (int u = 0; u < U; ++u) {
    if (base + u >= n) break;
    double l = f(r[u]);
    resid[base + u] = l;
    acc += l;
  }
  for (int o = 16; o > 0; o /= 2) acc += __shfl_xor_sync(0xffffffffu, acc, o);
  if ((threadIdx.x & 31) == 0) atomicAdd(loss, acc);
}
