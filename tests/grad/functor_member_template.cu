// cuad: --fn k --wrt x,y,op
// cuad: fwd --fn k
// A functor whose operator() is a member template (`template <class T> T operator()(T)
// const`, the thrust style) called in the kernel, differentiated w.r.t. its field too: it is
// lowered like any method, to a free function template whose own parameters come first (both
// modes used to refuse it: "no derivative for `op`"). rw15c_functor_compose calls such
// functors through fields of another.
struct Sq {
  double s;
  template <class T>
  __device__ T operator()(T a) const { return s * a * a; }
};
__global__ void k(const double* x, double* y, Sq op) {
  int i = threadIdx.x;
  y[i] = op(x[i]);
}
