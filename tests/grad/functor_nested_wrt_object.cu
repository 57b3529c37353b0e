// cuad: --fn k --wrt out,op
// Differentiating w.r.t. a functor object (and the output) but not the input array, where the
// functor's operator() calls a member functor: the input passed by value to the nested call
// is not written (it was refused with "`x` receives values ... and is read again").
struct Scale {
  double s;
  __device__ double operator()(double a) const { return s * a; }
};
struct Wrap {
  Scale inner;
  __device__ double operator()(double a) const { return this->inner(a); }
};
__global__ void k(const double* x, double* out, Wrap op) {
  int i = threadIdx.x;
  out[i] = op(x[i]);
}
