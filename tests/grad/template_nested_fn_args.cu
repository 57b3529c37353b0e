// cuad: --fn k<Wrap<Sq>> --wrt x,y
// cuad: --fn transform_reduce<Compose<Sq,Wrap<Sq>>,64> --wrt x,out
// cuad: fwd --fn transform_reduce<Compose<Sq,Wrap<Sq>>,64> --wrt x,out
// `--fn` naming a template instance whose arguments are themselves template-ids (nested `<>`,
// two levels deep, next to a value argument): the arguments are read with the program's type
// names, as they would be in the source.
struct Sq {
  double s;
  __device__ double operator()(double a) const { return s * a * a; }
};
template <class F>
struct Wrap {
  F f;
  __device__ double operator()(double a) const { return this->f(a) + a; }
};
template <class A, class B>
struct Compose {
  A a;
  B b;
  __device__ double operator()(double v) const { return this->a(this->b(v)); }
};
template <class Op>
__global__ void k(const double* x, double* y, Op op) {
  int i = threadIdx.x;
  y[i] = op(x[i]);
}
template <class Op, int BLOCK>
__global__ void transform_reduce(const double* x, double* out, Op op, int n) {
  __shared__ double buf[BLOCK];
  int t = threadIdx.x;
  buf[t] = t < n ? op(x[t]) : 0.0;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s /= 2) {
    if (t < s) buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0) out[0] = buf[0];
}
template __global__ void k<Wrap<Sq>>(const double*, double*, Wrap<Sq>);
template __global__ void transform_reduce<Compose<Sq, Wrap<Sq>>, 64>(const double*, double*,
                                                                     Compose<Sq, Wrap<Sq>>, int);
