// cuad: --fn apply<Sq> --wrt x,f,y
// Minimal: a functor whose base struct holds a data member (`Base::w`), passed to a kernel
// template. cuad reports "no derivative for `f`: it has no body here" for `f(x[i])` (with an
// empty base, or `w` declared in `Sq` itself, it works; a named method `f.eval(x)` gets
// "cannot differentiate this call of a method of `Sq` ... base classes").
struct Base {
  float w;
};
struct Sq : Base {
  float c;
  __device__ float operator()(float p) const { return w * p * p + c * p; }
};
template <typename F>
__global__ void apply(const float* x, F f, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = f(x[i]);
}
