// cuad: --fn k --wrt x,y
// cuad: fwd --fn k
// A functor whose operator() calls a member functor through the implicit `this`
// (`inner(a)`): the field's operator() (it was refused: "no derivative for `inner`").
struct Sq {
  double s;
  __device__ double operator()(double a) const { return s * a * a; }
};
struct Wrap {
  Sq inner;
  __device__ double operator()(double a) const { return inner(a) + a; }
};
__global__ void k(const double* x, double* y, Wrap op) {
  int i = threadIdx.x;
  y[i] = op(x[i]);
}
